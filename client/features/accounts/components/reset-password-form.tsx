import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { useCompletePasswordReset } from '#client/features/accounts/api/complete-password-reset.ts';
import { focusField } from '#client/features/accounts/utils/focus-field.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { newPasswordErrors, type NewPasswordValues } from '#client/features/accounts/utils/password-checks.ts';
import { paths } from '#client/lib/paths.ts';
import { PASSWORD_MIN_LENGTH } from '#shared/constants/limits.ts';

import { PasswordInput } from './password-input.tsx';

/** The server's code for a reset link that is unknown, used or expired. */
const INVALID_LINK_CODE = 'invalid_reset_link';

const FIELDS: readonly (keyof NewPasswordValues)[] = ['newPassword', 'confirmPassword'];

/** Props of ResetPasswordForm. */
export type ResetPasswordFormProps = {
  /** The token of the reset link. */
  token: string;
  /** Called once the new password is set (and every session has ended). */
  onSuccess?: () => void;
};

/** A link to ask for a new reset link, shown with every 'this link does not work' message. */
export function NewResetLinkLink() {
  return (
    <Link to={paths.forgotPassword()} className="font-medium text-link underline-offset-4 hover:underline">
      Ask for a new link
    </Link>
  );
}

/**
 * Chooses a new password with a reset link's token: the password twice, with the same minimum
 * as everywhere. A link that is used, expired or unknown says so and offers a new one.
 */
export function ResetPasswordForm({ token, onSuccess }: ResetPasswordFormProps) {
  const reset = useCompletePasswordReset();
  const [values, setValues] = useState<NewPasswordValues>({ newPassword: '', confirmPassword: '' });
  const [hasSubmitted, setHasSubmitted] = useState(false);

  const errors = hasSubmitted ? newPasswordErrors(values) : {};
  const isLinkRefused = reset.error instanceof ApiError && reset.error.code === INVALID_LINK_CODE;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    setHasSubmitted(true);
    const found = newPasswordErrors(values);
    const firstInvalid = FIELDS.find((field) => found[field] !== undefined);
    if (firstInvalid) {
      focusField(event.currentTarget, firstInvalid);
      return;
    }
    reset.mutate({ token, newPassword: values.newPassword }, { onSuccess: () => onSuccess?.() });
  }

  const fieldProps = (field: keyof NewPasswordValues) => ({
    name: field,
    value: values[field],
    error: errors[field],
    autoComplete: 'new-password',
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      {reset.isError ? (
        <Alert variant="error" description={reset.error.message}>
          {isLinkRefused ? <NewResetLinkLink /> : null}
        </Alert>
      ) : null}
      <PasswordInput
        {...fieldProps('newPassword')}
        label="New password"
        hint={`At least ${String(PASSWORD_MIN_LENGTH)} characters.`}
      />
      <PasswordInput {...fieldProps('confirmPassword')} label="Confirm new password" />
      <Button type="submit" className="w-full" isLoading={reset.isPending}>
        Set new password
      </Button>
    </form>
  );
}
