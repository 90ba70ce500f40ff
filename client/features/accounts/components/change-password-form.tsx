import { useState, type FormEvent } from 'react';

import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { useChangePassword } from '#client/features/accounts/api/change-password.ts';
import { focusField } from '#client/features/accounts/utils/focus-field.ts';
import {
  CURRENT_PASSWORD_REQUIRED_MESSAGE,
  newPasswordErrors,
  type NewPasswordValues,
} from '#client/features/accounts/utils/password-checks.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { PASSWORD_MIN_LENGTH } from '#shared/constants/limits.ts';

import { PasswordInput } from './password-input.tsx';

type ChangePasswordValues = NewPasswordValues & { currentPassword: string };
type ChangePasswordField = keyof ChangePasswordValues;

const FIELDS: readonly ChangePasswordField[] = ['currentPassword', 'newPassword', 'confirmPassword'];
const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Said after a change, in the toast and on the page. */
export const PASSWORD_CHANGED_NOTE = 'You were signed out everywhere else; this browser stays signed in.';

/** What the form checks before asking the server. */
export function changePasswordFieldErrors(values: ChangePasswordValues): Partial<Record<ChangePasswordField, string>> {
  return {
    ...(values.currentPassword === '' ? { currentPassword: CURRENT_PASSWORD_REQUIRED_MESSAGE } : {}),
    ...newPasswordErrors(values),
  };
}

/**
 * Changes the password: the current one, then the new one twice. The server checks the current
 * password and answers the spec's messages ('Current password is incorrect', …), shown above the
 * form; a change ends every other session of the account.
 */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [values, setValues] = useState<ChangePasswordValues>(EMPTY);
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const [hasChanged, setHasChanged] = useState(false);

  const errors = hasSubmitted ? changePasswordFieldErrors(values) : {};

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending) return;
    setHasSubmitted(true);
    setHasChanged(false);
    const form = event.currentTarget;
    const found = changePasswordFieldErrors(values);
    const firstInvalid = FIELDS.find((field) => found[field] !== undefined);
    if (firstInvalid) {
      focusField(form, firstInvalid);
      return;
    }
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(EMPTY);
          setHasSubmitted(false);
          setHasChanged(true);
          toast.success('Password changed', { description: PASSWORD_CHANGED_NOTE });
        },
        onError: (error) => {
          // A wrong current password is the likely case: put the person back in that field.
          if (error instanceof ApiError && error.code === 'wrong_password') focusField(form, 'currentPassword');
        },
      },
    );
  }

  const fieldProps = (field: ChangePasswordField) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => {
      setHasChanged(false);
      setValues((current) => ({ ...current, [field]: event.target.value }));
    },
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      {change.isError ? <Alert variant="error" description={change.error.message} /> : null}
      {hasChanged ? <Alert variant="success" title="Password changed" description={PASSWORD_CHANGED_NOTE} /> : null}
      <PasswordInput {...fieldProps('currentPassword')} label="Current password" autoComplete="current-password" />
      <PasswordInput
        {...fieldProps('newPassword')}
        label="New password"
        hint={`At least ${String(PASSWORD_MIN_LENGTH)} characters.`}
        autoComplete="new-password"
      />
      <PasswordInput {...fieldProps('confirmPassword')} label="Confirm new password" autoComplete="new-password" />
      <div>
        <Button type="submit" isLoading={change.isPending}>
          Change password
        </Button>
      </div>
    </form>
  );
}
