import { CHANGE_PASSWORD_MESSAGES } from '#shared/constants/account-messages.ts';
import { PASSWORD_MIN_LENGTH } from '#shared/constants/limits.ts';

/** Under the confirmation field when it differs from the new password. */
export const PASSWORDS_DIFFER_MESSAGE = 'The passwords do not match';

/** Under an empty current-password field. */
export const CURRENT_PASSWORD_REQUIRED_MESSAGE = 'Enter your current password';

/** Fields that choose a new password: the password and its confirmation. */
export type NewPasswordValues = { newPassword: string; confirmPassword: string };

/** A message per failing field; a field that passes is absent. */
export type NewPasswordErrors = Partial<Record<keyof NewPasswordValues, string>>;

/**
 * What a new password must pass before it is sent (reset and change): the spec's minimum, with
 * the server's own words for it, and a confirmation that matches. The server still decides
 * (it also refuses the most common passwords); its answer is shown as well.
 */
export function newPasswordErrors(values: NewPasswordValues): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (values.newPassword.length < PASSWORD_MIN_LENGTH) errors.newPassword = CHANGE_PASSWORD_MESSAGES.weakPassword;
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = PASSWORDS_DIFFER_MESSAGE;
  return errors;
}
