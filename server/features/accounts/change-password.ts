import type { FastifyBaseLogger } from 'fastify';
import { CHANGE_PASSWORD_MESSAGES, SIGN_UP_ERRORS } from '#shared/constants/account-messages.ts';
import { PASSWORD_MIN_LENGTH } from '#shared/constants/limits.ts';
import { AppError, unauthenticated } from '../../lib/errors.ts';
import { PASSWORD_MAX_LENGTH, type Auth } from './auth.ts';
import { isCommonPassword } from './common-passwords.ts';

// The texts live in shared/ so the client's checks say exactly what the server answers.
export { CHANGE_PASSWORD_MESSAGES };

/** better-auth refuses longer passwords (argon2 input stays bounded); said up front, in a sentence. */
export const PASSWORD_TOO_LONG_MESSAGE = SIGN_UP_ERRORS.passwordTooLong;

/**
 * Changes the signed-in person's password after checking the current one; every other session
 * of theirs ends, this one goes on with a fresh token. Returns the headers that set it.
 */
export async function changePassword(options: {
  auth: Auth;
  requestHeaders: Headers;
  currentPassword: string;
  newPassword: string;
  logger: FastifyBaseLogger;
}): Promise<Headers> {
  const { auth, requestHeaders, currentPassword, newPassword, logger } = options;
  if (newPassword.length < PASSWORD_MIN_LENGTH)
    throw new AppError(400, 'weak_password', CHANGE_PASSWORD_MESSAGES.weakPassword);
  if (newPassword.length > PASSWORD_MAX_LENGTH) throw new AppError(400, 'password_too_long', PASSWORD_TOO_LONG_MESSAGE);
  if (isCommonPassword(newPassword)) throw new AppError(400, 'common_password', SIGN_UP_ERRORS.commonPassword);
  try {
    const { headers } = await auth.api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: true },
      headers: requestHeaders,
      returnHeaders: true,
    });
    return headers;
  } catch (error) {
    const body = (error as { body?: { code?: string; message?: string } }).body;
    switch (body?.code) {
      case 'INVALID_PASSWORD':
      case 'INVALID_EMAIL_OR_PASSWORD':
        throw new AppError(400, 'wrong_password', CHANGE_PASSWORD_MESSAGES.wrongPassword);
      case 'PASSWORD_TOO_SHORT':
        throw new AppError(400, 'weak_password', CHANGE_PASSWORD_MESSAGES.weakPassword);
      case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
        throw new AppError(400, 'no_password', CHANGE_PASSWORD_MESSAGES.noPassword);
      case 'UNAUTHORIZED':
      case 'SESSION_EXPIRED':
        throw unauthenticated(CHANGE_PASSWORD_MESSAGES.noUser);
      default: {
        // better-auth's own refusals of the input are the person's to fix, not our failure
        const status = (error as { statusCode?: unknown }).statusCode;
        const isRefusal = typeof status === 'number' && status >= 400 && status < 500;
        if (!isRefusal) logger.error({ err: error }, 'password change failed');
        throw new AppError(
          isRefusal ? 400 : 500,
          'change_password_failed',
          body?.message || CHANGE_PASSWORD_MESSAGES.fallback,
        );
      }
    }
  }
}
