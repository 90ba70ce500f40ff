import { useEffect } from 'react';
import { Navigate } from 'react-router';

import { useSignInModal } from '#client/features/accounts/components/sign-in-modal.tsx';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { paths } from '#client/lib/paths.ts';

function SignInPrompt() {
  const { openSignIn } = useSignInModal();
  useEffect(() => {
    // Once on arrival, like the settings: closing the modal leaves the prompt and its button.
    openSignIn();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="rounded-lg border bg-card p-6 text-card-foreground">
      <h1 className="text-lg font-semibold">Sign in to see your profile</h1>
      <p className="mt-2 text-sm text-muted-foreground">Your profile is the page others see when they find you.</p>
      <Button className="mt-4" onClick={openSignIn}>
        Sign in
      </Button>
    </div>
  );
}

/** /profile: the signed-in person's own profile page; signed out, a prompt and the sign-in modal. */
export function OwnProfileRoute() {
  const { user, loading } = useSession();
  useDocumentTitle('Your profile');
  const username = user?.profile?.username;
  if (username) return <Navigate to={paths.profile(username)} replace />;

  let content;
  if (loading) content = <ListSkeleton rows={1} label="Loading your profile" />;
  else if (!user) content = <SignInPrompt />;
  else
    content = (
      <Alert
        variant="error"
        title="User profile not found"
        description="Your profile could not be loaded. Reload the page to try again."
      />
    );
  return <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">{content}</div>;
}
