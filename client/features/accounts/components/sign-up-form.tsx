import { useRef, useState, type FormEvent } from 'react';

import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { TextInput } from '#client/components/ui/text-input.tsx';
import { checkAvailability } from '#client/features/accounts/api/check-availability.ts';
import type { Session } from '#client/features/accounts/api/get-session.ts';
import { useSignUp } from '#client/features/accounts/api/sign-up.ts';
import { focusField } from '#client/features/accounts/utils/focus-field.ts';
import {
  signUpFieldErrors,
  type SignUpField,
  type SignUpValues,
} from '#client/features/accounts/utils/sign-up-checks.ts';
import { PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH } from '#shared/constants/limits.ts';

import { PasswordInput } from './password-input.tsx';

const FIELDS: readonly SignUpField[] = ['email', 'username', 'password'];
const NOT_TOUCHED: Record<SignUpField, boolean> = { email: false, username: false, password: false };

/** Props of SignUpForm. */
export type SignUpFormProps = {
  /** Called with the new session once the account exists and the person is signed in. */
  onSuccess?: (session: Session) => void;
};

/**
 * Sign-up with e-mail, username and password. The shared rules show under each field once it
 * has been left or the form sent, and block sending; the server's answer shows above the form.
 */
export function SignUpForm({ onSuccess }: SignUpFormProps) {
  const signUp = useSignUp();
  const [values, setValues] = useState<SignUpValues>({ email: '', username: '', password: '' });
  const [touched, setTouched] = useState(NOT_TOUCHED);
  const [hasSubmitted, setHasSubmitted] = useState(false);
  // Pressing 'Sign up' blurs the field being typed in. Checking it then would show its message,
  // push the button down under the pointer and lose the click; sending shows every message anyway.
  const isPressingSubmit = useRef(false);

  // The server's early answer for a field, kept with the value it was about.
  const [remote, setRemote] = useState<
    Partial<Record<'email' | 'username', { value: string; message: string | null }>>
  >({});

  const errors = signUpFieldErrors(values);
  const remoteError = (field: SignUpField) => {
    if (field === 'password') return undefined;
    const answer = remote[field];
    return answer && answer.value === values[field] ? (answer.message ?? undefined) : undefined;
  };
  const shownError = (field: SignUpField) =>
    touched[field] || hasSubmitted ? (errors[field] ?? remoteError(field)) : undefined;

  /** On leaving the e-mail or username, asks the server whether it is free (sign-up's own texts). */
  function askServer(field: SignUpField) {
    if (field === 'password' || errors[field] !== undefined) return;
    const value = values[field];
    if (value.trim() === '' || remote[field]?.value === value) return;
    void checkAvailability(field, value).then((message) => {
      setRemote((current) => ({ ...current, [field]: { value, message } }));
    });
  }

  const fieldProps = (field: SignUpField) => ({
    name: field,
    value: values[field],
    error: shownError(field),
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
    onBlur: () => {
      if (isPressingSubmit.current) {
        isPressingSubmit.current = false;
        return;
      }
      askServer(field);
      setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    isPressingSubmit.current = false;
    if (signUp.isPending) return;
    setHasSubmitted(true);
    const firstInvalid = FIELDS.find((field) => errors[field] !== undefined);
    if (firstInvalid) {
      focusField(event.currentTarget, firstInvalid);
      return;
    }
    signUp.mutate(values, { onSuccess: (session) => onSuccess?.(session) });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      {signUp.isError ? <Alert variant="error" description={signUp.error.message} /> : null}
      <TextInput
        {...fieldProps('email')}
        label="Email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextInput
        {...fieldProps('username')}
        label="Username"
        hint={`At least ${String(USERNAME_MIN_LENGTH)} characters: letters, numbers, underscores and hyphens.`}
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
      />
      <PasswordInput
        {...fieldProps('password')}
        label="Password"
        hint={`At least ${String(PASSWORD_MIN_LENGTH)} characters.`}
        autoComplete="new-password"
      />
      <Button
        type="submit"
        className="w-full"
        isLoading={signUp.isPending}
        onPointerDown={() => {
          isPressingSubmit.current = true;
        }}
      >
        Sign up
      </Button>
    </form>
  );
}
