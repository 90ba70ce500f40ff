import { SIGN_UP_ERRORS } from '#shared/constants/account-messages.ts';
import { PASSWORD_MIN_LENGTH } from '#shared/constants/limits.ts';
import { isValidEmailAddress } from '#shared/lib/email-address.ts';
import { joinMessages, SIGN_UP_MESSAGES, usernameAndEmailFormatMessages } from '#shared/lib/username-rules.ts';

/** The server's text for a short password at sign-up, from shared/. */
export const PASSWORD_TOO_SHORT_MESSAGE = SIGN_UP_ERRORS.weakPassword;

/** Fields of the sign-up form. */
export type SignUpField = 'email' | 'username' | 'password';

/** Values of the sign-up form. */
export type SignUpValues = Record<SignUpField, string>;

/** A message per failing field; a field that passes is absent. */
export type SignUpFieldErrors = Partial<Record<SignUpField, string>>;

/**
 * The checks that need no server, for instant feedback: the same rules and texts the server runs
 * first (shared/lib/username-rules.ts, shared/lib/email-address.ts), split by field, plus the password minimum. The server
 * still decides; its answer is shown as well.
 */
export function signUpFieldErrors(values: SignUpValues): SignUpFieldErrors {
  const messages = usernameAndEmailFormatMessages({ email: values.email, username: values.username });
  const errors: SignUpFieldErrors = {};
  if (messages.includes(SIGN_UP_MESSAGES.invalidEmail)) errors.email = SIGN_UP_MESSAGES.invalidEmail;
  // An '@' is not enough for the server either: it answers the spec's invalid-email text then.
  else if (!isValidEmailAddress(values.email)) errors.email = SIGN_UP_ERRORS.invalidEmail;
  const usernameMessages = messages.filter((message) => message !== SIGN_UP_MESSAGES.invalidEmail);
  if (usernameMessages.length > 0) errors.username = joinMessages(usernameMessages);
  if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = PASSWORD_TOO_SHORT_MESSAGE;
  return errors;
}
