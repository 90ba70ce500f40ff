import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextInput } from '#client/components/ui/text-input.tsx';
import type { Session } from '#client/features/accounts/api/get-session.ts';
import { useSignIn } from '#client/features/accounts/api/sign-in.ts';
import { focusField } from '#client/features/accounts/utils/focus-field.ts';
import { paths } from '#client/lib/paths.ts';
import { SIGN_UP_ERRORS } from '#shared/constants/account-messages.ts';
import { isValidEmailAddress } from '#shared/lib/email-address.ts';
import { SIGN_UP_MESSAGES } from '#shared/lib/username-rules.ts';

import { PasswordInput } from './password-input.tsx';

/** Shown under an empty password field of the sign-in form. */
export const PASSWORD_REQUIRED_MESSAGE = 'Enter your password';

type SignInValues = { email: string; password: string };

/** What the sign-in form checks before asking the server: a valid e-mail (the server's texts), and a password. */
export function signInFieldErrors(values: SignInValues): Partial<Record<keyof SignInValues, string>> {
  const email = values.email.trim();
  return {
    ...(email === '' || !email.includes('@')
      ? { email: SIGN_UP_MESSAGES.invalidEmail }
      : !isValidEmailAddress(email)
        ? { email: SIGN_UP_ERRORS.invalidEmail }
        : {}),
    ...(values.password === '' ? { password: PASSWORD_REQUIRED_MESSAGE } : {}),
  };
}

/** Props of SignInForm. */
export type SignInFormProps = {
  /** Called with the new session once the person is signed in. */
  onSuccess?: (session: Session) => void;
  /** Called when 'Forgot password?' is followed (the sign-in modal closes itself then). */
  onForgotPassword?: () => void;
};

/**
 * Sign-in with e-mail and password, on /login and in the global sign-in modal. Empty fields are
 * caught here; every other failure is the server's message, shown above the form.
 */
export function SignInForm({ onSuccess, onForgotPassword }: SignInFormProps) {
  const signIn = useSignIn();
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const [hasSubmitted, setHasSubmitted] = useState(false);

  // Checked on sending only: a sign-in form that complains while someone types is noise.
  const errors = hasSubmitted ? signInFieldErrors(values) : {};

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signIn.isPending) return;
    setHasSubmitted(true);
    const found = signInFieldErrors(values);
    const firstInvalid = found.email ? 'email' : found.password ? 'password' : null;
    if (firstInvalid) {
      focusField(event.currentTarget, firstInvalid);
      return;
    }
    signIn.mutate(values, { onSuccess: (session) => onSuccess?.(session) });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      {signIn.isError ? <Alert variant="error" description={signIn.error.message} /> : null}
      <TextInput
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        value={values.email}
        error={errors.email}
        onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
      />
      <PasswordInput
        name="password"
        label="Password"
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        onChange={(event) => setValues((current) => ({ ...current, password: event.target.value }))}
        labelAside={
          // The e-mail typed so far goes along, so the reset page starts with it filled in.
          <Link
            to={paths.forgotPassword()}
            state={{ email: values.email.trim() }}
            onClick={onForgotPassword}
            className="text-sm font-medium text-link underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
        }
      />
      <Button type="submit" className="w-full" isLoading={signIn.isPending}>
        Sign in
      </Button>
    </form>
  );
}
