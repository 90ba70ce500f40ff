import { Link, Navigate, useSearchParams } from 'react-router';

import { AuthPageLayout } from '#client/features/accounts/components/auth-page-layout.tsx';
import { GoogleSignInButton } from '#client/features/accounts/components/google-sign-in-button.tsx';
import { SignUpForm } from '#client/features/accounts/components/sign-up-form.tsx';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { safeNextPath, withNextPath } from '#client/features/accounts/utils/safe-next-path.ts';
import { paths } from '#client/lib/paths.ts';

/** /signup: create an account, then go back where the person came from (`?next=`) or home. */
export function SignUpRoute() {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const { user } = useSession();

  // Signing up fills the session, which brings the person on; so does arriving already signed in.
  if (user) return <Navigate to={next} replace />;

  return (
    <AuthPageLayout
      title="Join Townhall"
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={withNextPath(paths.login(), next)}
            className="font-medium text-link underline-offset-4 hover:underline"
          >
            Sign in
          </Link>
        </>
      }
    >
      <div className="grid gap-4">
        <GoogleSignInButton next={next} />
        <SignUpForm />
      </div>
    </AuthPageLayout>
  );
}
