import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { AuthPageLayout } from '#client/features/accounts/components/auth-page-layout.tsx';
import { NewResetLinkLink, ResetPasswordForm } from '#client/features/accounts/components/reset-password-form.tsx';
import { paths } from '#client/lib/paths.ts';
import { PASSWORD_RESET_MESSAGES } from '#shared/constants/account-messages.ts';

/** /reset-password?token=…: the page a reset e-mail links to, where the new password is chosen. */
export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [isDone, setIsDone] = useState(false);

  const footer = (
    <>
      Remembered it?{' '}
      <Link to={paths.login()} className="font-medium text-link underline-offset-4 hover:underline">
        Sign in
      </Link>
    </>
  );

  if (isDone) {
    return (
      <AuthPageLayout title="Password changed" description="Your new password is set." footer={null}>
        <div className="grid gap-4">
          <Alert
            variant="success"
            title="You were signed out everywhere"
            description="Every session of your account has ended, on every device, this one included. Sign in with your new password."
          />
          <Button asChild className="w-full">
            <Link to={paths.login()}>Sign in</Link>
          </Button>
        </div>
      </AuthPageLayout>
    );
  }

  return (
    <AuthPageLayout
      title="Choose a new password"
      description="Once it is set, every session of your account ends, and you sign in again with the new password."
      footer={footer}
    >
      {token === '' ? (
        // Without a token there is nothing to send; say so now rather than after the person types twice.
        <Alert variant="error" description={PASSWORD_RESET_MESSAGES.invalidLink}>
          <NewResetLinkLink />
        </Alert>
      ) : (
        <ResetPasswordForm token={token} onSuccess={() => setIsDone(true)} />
      )}
    </AuthPageLayout>
  );
}
