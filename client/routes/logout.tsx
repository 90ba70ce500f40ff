import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useLogOut } from '#client/features/accounts/hooks/use-log-out.ts';
import { paths } from '#client/lib/paths.ts';

/** /logout: signs out of this browser and goes home. */
export function LogoutRoute() {
  const navigate = useNavigate();
  const { logOut, isPending } = useLogOut();
  const [hasFailed, setHasFailed] = useState(false);

  const signOutAndGoHome = useCallback(() => {
    setHasFailed(false);
    void logOut().then((isSignedOut) => {
      if (isSignedOut) void navigate(paths.home(), { replace: true });
      else setHasFailed(true);
    });
  }, [logOut, navigate]);

  // StrictMode runs effects twice in development; one sign-out is enough.
  const hasStarted = useRef(false);
  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    signOutAndGoHome();
  }, [signOutAndGoHome]);

  return (
    <div className="flex min-h-[calc(100dvh-3.5rem)] items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        {hasFailed ? (
          <Alert variant="error" title="You are still signed in" description="Signing out did not work.">
            <Button size="sm" variant="outline" className="mt-2" isLoading={isPending} onClick={signOutAndGoHome}>
              Try again
            </Button>
          </Alert>
        ) : (
          <p role="status" className="text-center text-muted-foreground">
            Signing out…
          </p>
        )}
      </div>
    </div>
  );
}
