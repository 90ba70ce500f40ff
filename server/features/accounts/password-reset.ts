import type { FastifyBaseLogger } from 'fastify';
import {
  CHANGE_PASSWORD_MESSAGES,
  PASSWORD_RESET_MESSAGES,
  SIGN_UP_ERRORS,
} from '#shared/constants/account-messages.ts';
import { PASSWORD_MIN_LENGTH } from '#shared/constants/limits.ts';
import { AppError } from '../../lib/errors.ts';
import { PASSWORD_MAX_LENGTH, type Auth } from './auth.ts';
import { PASSWORD_TOO_LONG_MESSAGE } from './change-password.ts';
import { isCommonPassword } from './common-passwords.ts';

/** How long a reset link works; it works once. */
export const RESET_LINK_MINUTES = 60;

// The texts live in shared/ so the client's checks say exactly what the server answers.
export { PASSWORD_RESET_MESSAGES };

/**
 * Sends a reset link if the e-mail belongs to an account. The answer is the same either way, so
 * nobody learns from it who has an account here.
 */
export async function requestPasswordReset(options: { auth: Auth; email: string; logger: FastifyBaseLogger }) {
  try {
    await options.auth.api.requestPasswordReset({ body: { email: options.email.trim().toLowerCase() } });
  } catch (error) {
    options.logger.error({ err: error }, 'password reset request failed');
  }
}

/** Sets a new password with a reset link's token; every session of the account ends. */
export async function completePasswordReset(options: { auth: Auth; token: string; newPassword: string }) {
  const { auth, token, newPassword } = options;
  if (newPassword.length < PASSWORD_MIN_LENGTH) {
    throw new AppError(400, 'weak_password', CHANGE_PASSWORD_MESSAGES.weakPassword);
  }
  if (newPassword.length > PASSWORD_MAX_LENGTH) throw new AppError(400, 'password_too_long', PASSWORD_TOO_LONG_MESSAGE);
  if (isCommonPassword(newPassword)) throw new AppError(400, 'common_password', SIGN_UP_ERRORS.commonPassword);
  try {
    await auth.api.resetPassword({ body: { token, newPassword } });
  } catch (error) {
    const code = (error as { body?: { code?: string } }).body?.code;
    if (code === 'PASSWORD_TOO_SHORT') throw new AppError(400, 'weak_password', CHANGE_PASSWORD_MESSAGES.weakPassword);
    throw new AppError(400, 'invalid_reset_link', PASSWORD_RESET_MESSAGES.invalidLink);
  }
}
