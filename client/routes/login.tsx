import { Link, Navigate, useSearchParams } from 'react-router';

import { AuthPageLayout } from '#client/features/accounts/components/auth-page-layout.tsx';
import { GoogleSignInButton } from '#client/features/accounts/components/google-sign-in-button.tsx';
import { GoogleSignInError } from '#client/features/accounts/components/google-sign-in-error.tsx';
import { SignInForm } from '#client/features/accounts/components/sign-in-form.tsx';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { safeNextPath, withNextPath } from '#client/features/accounts/utils/safe-next-path.ts';
import { paths } from '#client/lib/paths.ts';

/** /login: sign in, then go back where the person came from (`?next=`) or home. */
export function LoginRoute() {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const { user } = useSession();

  // Signing in fills the session, which brings the person on; so does arriving already signed in.
  if (user) return <Navigate to={next} replace />;

  return (
    <AuthPageLayout
      title="Sign in to Townhall"
      footer={
        <>
          New to Townhall?{' '}
          <Link
            to={withNextPath(paths.signUp(), next)}
            className="font-medium text-link underline-offset-4 hover:underline"
          >
            Create an account
          </Link>
        </>
      }
    >
      <div className="grid gap-4">
        {/* A Google sign-in that failed comes back here as ?error=<code>. */}
        <GoogleSignInError code={searchParams.get('error')} />
        <GoogleSignInButton next={next} />
        <SignInForm />
      </div>
    </AuthPageLayout>
  );
}
