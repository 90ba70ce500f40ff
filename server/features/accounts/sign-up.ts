import { eq, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_MIN_LENGTH } from '#shared/constants/limits.ts';
import {
  SIGN_UP_MESSAGES,
  joinMessages,
  normalizeUsername,
  usernameAndEmailFormatMessages,
} from '#shared/lib/username-rules.ts';
import type { SignUpInput } from '#shared/schemas/accounts.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { Auth } from './auth.ts';
import { isCommonPassword } from './common-passwords.ts';

/** Messages of spec section 8 for sign-up failures the library reports. */
export const SIGN_UP_ERRORS = {
  weakPassword: 'Password should be at least 6 characters.',
  invalidEmail: 'Please enter a valid email address.',
  commonPassword: 'This password is too common',
  fallback: 'An error occurred during sign up',
} as const;

/** The availability look-ups of spec section 5; null when they could not run. */
async function availabilityMessages(db: Database, email: string, username: string): Promise<string[] | null> {
  try {
    const [emailTaken, usernameTaken] = await Promise.all([
      db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1),
      db
        .select({ id: users.id })
        .from(users)
        .where(
          // an earlier username stays its owner's, so old links keep pointing at them
          or(sql`lower(${users.username}) = ${username}`, sql`${username} = any(${users.usernameHistory})`),
        )
        .limit(1),
    ]);
    const messages: string[] = [];
    if (emailTaken.length > 0) messages.push(SIGN_UP_MESSAGES.emailRegistered);
    if (usernameTaken.length > 0) messages.push(SIGN_UP_MESSAGES.usernameTaken);
    return messages;
  } catch {
    return null;
  }
}

/**
 * Signs a person up with e-mail and password: the pre-signup checks of spec section 5 (every
 * failing message joined with '. '), then one insert of account and profile, then a session.
 * Returns the new user's id and the headers that set the session cookie.
 */
export async function signUpWithEmail(options: {
  db: Database;
  auth: Auth;
  input: SignUpInput;
  requestHeaders: Headers;
  logger: FastifyBaseLogger;
}): Promise<{ userId: string; headers: Headers }> {
  const { db, auth, input, logger } = options;
  const email = input.email.trim().toLowerCase();
  const username = normalizeUsername(input.username);

  const messages = usernameAndEmailFormatMessages({ email, username: input.username });
  const availability = await availabilityMessages(db, email, username);
  if (availability === null) logger.warn('availability look-ups failed; signing up without them');
  else messages.push(...availability);
  if (messages.length > 0) throw new AppError(400, 'sign_up_refused', joinMessages(messages));

  if (input.password.length < PASSWORD_MIN_LENGTH) throw badRequest(SIGN_UP_ERRORS.weakPassword);
  if (isCommonPassword(input.password)) throw badRequest(SIGN_UP_ERRORS.commonPassword);

  try {
    const { headers, response } = await auth.api.signUpEmail({
      body: { email, password: input.password, name: username, username },
      headers: options.requestHeaders,
      returnHeaders: true,
    });
    return { userId: response.user.id, headers };
  } catch (error) {
    const code = (error as { body?: { code?: string } }).body?.code;
    if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
      throw badRequest(SIGN_UP_MESSAGES.emailRegistered);
    }
    if (code === 'PASSWORD_TOO_SHORT') throw badRequest(SIGN_UP_ERRORS.weakPassword);
    if (code === 'FAILED_TO_CREATE_USER') {
      // Most likely another sign-up took the e-mail or the username a moment ago: say which.
      const raced = await availabilityMessages(db, email, username);
      if (raced && raced.length > 0) throw badRequest(joinMessages(raced));
    }
    if (code === 'INVALID_EMAIL') throw badRequest(SIGN_UP_ERRORS.invalidEmail);
    logger.error({ err: error }, 'sign-up failed');
    const message = (error as { body?: { message?: string } }).body?.message;
    throw new AppError(400, 'sign_up_failed', message || SIGN_UP_ERRORS.fallback);
  }
}
