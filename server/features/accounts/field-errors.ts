import { SIGN_UP_ERRORS } from '#shared/constants/account-messages.ts';
import { SIGN_UP_MESSAGES } from '#shared/lib/username-rules.ts';
import { AppError } from '../../lib/errors.ts';

type Field = 'email' | 'username' | 'password';

/** What sign-up and sign-in say about a field longer than the request schema takes. */
const TOO_LONG: Record<Field, string> = {
  email: SIGN_UP_ERRORS.invalidEmail,
  username: SIGN_UP_ERRORS.usernameTooLong,
  password: SIGN_UP_ERRORS.passwordTooLong,
};

/** …and about one that is missing or not text: what the spec says of an empty one. */
const MISSING: Record<Field, string> = {
  email: SIGN_UP_MESSAGES.invalidEmail,
  username: SIGN_UP_MESSAGES.usernameTooShort,
  password: SIGN_UP_ERRORS.weakPassword,
};

/**
 * The error to throw for a sign-up or sign-in body the schema refused (the route sets
 * `attachValidation`): a field of the form is named in the spec's words, never the schema
 * library's ('Too big: expected string to have <=320 characters'). Anything else, such as an
 * unknown field, keeps the usual validation answer.
 */
export function accountFieldError(error: Error & { validation?: unknown }): Error {
  const issues = Array.isArray(error.validation)
    ? (error.validation as { instancePath?: string; keyword?: string }[])
    : [];
  const fields: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const field = issue.instancePath?.replace(/^\//, '');
    if (field !== 'email' && field !== 'username' && field !== 'password') return error;
    fields[field] ??= issue.keyword === 'too_big' ? TOO_LONG[field] : MISSING[field];
  }
  const first = Object.values(fields)[0];
  return first ? new AppError(400, 'validation_failed', first, { fields }) : error;
}
