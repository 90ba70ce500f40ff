import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

import { Alert } from '#client/components/ui/alert.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { withNextPath } from '#client/features/accounts/utils/safe-next-path.ts';

/** Same text as the server's 403 on every admin route. */
export const NOT_ADMIN_TEXT = 'Only administrators can open this page.';

/**
 * Shows its children to administrators only. This is for the person's comfort: every admin
 * API checks the role itself and answers 401 or 403 whatever the page shows.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { user, loading } = useSession();
  const location = useLocation();

  if (loading) {
    return (
      <div className="space-y-3 p-4 sm:p-6" aria-busy="true" aria-label="Loading">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (!user) {
    return (
      <div className="mx-auto max-w-lg p-4 sm:p-6">
        <Alert
          variant="info"
          title="Sign in to continue"
          description="The administration pages are for signed-in administrators."
        >
          <Link
            to={withNextPath('/login', `${location.pathname}${location.search}`)}
            className={buttonVariants({ size: 'sm', className: 'mt-3' })}
          >
            Sign in
          </Link>
        </Alert>
      </div>
    );
  }
  if (user.role !== 'admin') {
    return (
      <div className="mx-auto max-w-lg p-4 sm:p-6">
        <Alert variant="error" title="Not allowed" description={NOT_ADMIN_TEXT} />
      </div>
    );
  }
  return children;
}
