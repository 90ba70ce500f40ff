import { Link, useLocation } from 'react-router';

import { AuthPageLayout } from '#client/features/accounts/components/auth-page-layout.tsx';
import { ForgotPasswordForm } from '#client/features/accounts/components/forgot-password-form.tsx';
import { paths } from '#client/lib/paths.ts';

/** The e-mail the sign-in form hands over in the navigation's state, when it had one. */
function emailFromState(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string') {
    return state.email;
  }
  return '';
}

/** /forgot-password: ask for an e-mail with a link to choose a new password. */
export function ForgotPasswordRoute() {
  const location = useLocation();
  return (
    <AuthPageLayout
      title="Reset your password"
      description="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link to={paths.login()} className="font-medium text-link underline-offset-4 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <ForgotPasswordForm defaultEmail={emailFromState(location.state)} />
    </AuthPageLayout>
  );
}
