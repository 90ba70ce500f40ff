import type { ReactNode } from 'react';

import { useSignInModal } from '#client/features/accounts/components/sign-in-modal.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { LoadingRegion, Skeleton } from '#client/components/ui/skeleton.tsx';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';

/** Same text as the server's 403 on every admin route. */
export const NOT_ADMIN_TEXT = 'Only administrators can open this page.';

/**
 * Shows its children to administrators only. This is for the person's comfort: every admin
 * API checks the role itself and answers 401 or 403 whatever the page shows.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { user, loading } = useSession();
  // Signed out, the global sign-in modal opens over the page; signing in shows it in place.
  const { openSignIn } = useSignInModal();

  if (loading) {
    return (
      <LoadingRegion label="Loading" className="space-y-3 p-4 sm:p-6">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-40 w-full" />
      </LoadingRegion>
    );
  }
  if (!user) {
    return (
      <div className="mx-auto grid max-w-lg gap-4 p-4 sm:p-6">
        <h1 className="text-2xl font-bold tracking-tight">Administration</h1>
        <Alert
          variant="info"
          title="Sign in to continue"
          description="The administration pages are for signed-in administrators."
        >
          <Button size="sm" className="mt-3" onClick={openSignIn}>
            Sign in
          </Button>
        </Alert>
      </div>
    );
  }
  if (user.role !== 'admin') {
    return (
      <div className="mx-auto grid max-w-lg gap-4 p-4 sm:p-6">
        <h1 className="text-2xl font-bold tracking-tight">Administration</h1>
        <Alert variant="error" title="Not allowed" description={NOT_ADMIN_TEXT} />
      </div>
    );
  }
  return children;
}
