import { Link, Navigate, useSearchParams } from 'react-router';

import { AuthPageLayout } from '#client/features/accounts/components/auth-page-layout.tsx';
import { SignInForm } from '#client/features/accounts/components/sign-in-form.tsx';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { safeNextPath, withNextPath } from '#client/features/accounts/utils/safe-next-path.ts';

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
          <Link to={withNextPath('/signup', next)} className="font-medium text-link underline-offset-4 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      {/* 'Continue with Google' goes above the form once the server's Google sign-in exists. */}
      <SignInForm />
    </AuthPageLayout>
  );
}
