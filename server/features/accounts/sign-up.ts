import { eq, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SIGN_UP_ERRORS } from '#shared/constants/account-messages.ts';
import { PASSWORD_MIN_LENGTH } from '#shared/constants/limits.ts';
import {
  SIGN_UP_MESSAGES,
  joinMessages,
  normalizeUsername,
  usernameAndEmailFormatMessages,
} from '#shared/lib/username-rules.ts';
import { isValidEmailAddress } from '#shared/lib/email-address.ts';
import type { SignUpInput } from '#shared/schemas/accounts.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { PASSWORD_MAX_LENGTH, type Auth } from './auth.ts';
import { isCommonPassword } from './common-passwords.ts';
import { withPrecomputedHash } from './password-hashing.ts';
import { watchDatabaseAvailability } from '../../db/availability.ts';
import { isDatabaseUnavailableError } from '../../lib/database-errors.ts';

// The texts live in shared/ so the client's checks say exactly what the server answers.
export { SIGN_UP_ERRORS };

/** The spec's answer for an e-mail no account can have, naming the field for the form. */
export const invalidEmailError = () =>
  new AppError(400, 'invalid_email', SIGN_UP_ERRORS.invalidEmail, { fields: { email: SIGN_UP_ERRORS.invalidEmail } });

/** Whether an e-mail (lowercase) already has an account. */
async function isEmailTaken(db: Database, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows.length > 0;
}

/** Whether a username (lowercase) is somebody's, now or before: an earlier one keeps old links pointing at its owner. */
async function isUsernameTaken(db: Database, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(sql`lower(${users.username}) = ${username}`, sql`${username} = any(${users.usernameHistory})`))
    .limit(1);
  return rows.length > 0;
}

/** The availability look-ups of sign-up (username and e-mail); null when they could not run. */
async function availabilityMessages(db: Database, email: string, username: string): Promise<string[] | null> {
  try {
    const [emailTaken, usernameTaken] = await Promise.all([isEmailTaken(db, email), isUsernameTaken(db, username)]);
    const messages: string[] = [];
    if (emailTaken) messages.push(SIGN_UP_MESSAGES.emailRegistered);
    if (usernameTaken) messages.push(SIGN_UP_MESSAGES.usernameTaken);
    return messages;
  } catch {
    return null;
  }
}

/**
 * The sign-up form's early answer for one field: the same checks and texts as sign-up itself,
 * format first, then the database. `null` means free (as far as can be told now).
 */
export async function checkAvailability(
  db: Database,
  input: { email?: string | undefined; username?: string | undefined },
): Promise<{ email?: string | null; username?: string | null }> {
  const answer: { email?: string | null; username?: string | null } = {};
  if (input.email !== undefined) {
    const email = input.email.trim().toLowerCase();
    const format = usernameAndEmailFormatMessages({ email, username: 'abc' });
    answer.email =
      format[0] ??
      (!isValidEmailAddress(email)
        ? SIGN_UP_ERRORS.invalidEmail
        : (await isEmailTaken(db, email))
          ? SIGN_UP_MESSAGES.emailRegistered
          : null);
  }
  if (input.username !== undefined) {
    const format = usernameAndEmailFormatMessages({ email: 'a@b', username: input.username });
    answer.username =
      format.length > 0
        ? joinMessages(format)
        : (await isUsernameTaken(db, normalizeUsername(input.username)))
          ? SIGN_UP_MESSAGES.usernameTaken
          : null;
  }
  return answer;
}

/**
 * Signs a person up with e-mail and password: the pre-signup checks (every
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

  // The library checks these too, but answers in its own words.
  if (!isValidEmailAddress(email)) throw invalidEmailError();
  if (input.password.length < PASSWORD_MIN_LENGTH) throw badRequest(SIGN_UP_ERRORS.weakPassword);
  if (input.password.length > PASSWORD_MAX_LENGTH) throw badRequest(SIGN_UP_ERRORS.passwordTooLong);
  if (isCommonPassword(input.password)) throw badRequest(SIGN_UP_ERRORS.commonPassword);

  try {
    // Hashed before better-auth opens its transaction (which would hold a pooled connection
    // for the whole hashing); a busy hasher answers 503 here, before anything is written.
    const { headers, response } = await withPrecomputedHash(input.password, () =>
      watchDatabaseAvailability(() =>
        auth.api.signUpEmail({
          body: { email, password: input.password, name: username, username },
          headers: options.requestHeaders,
          returnHeaders: true,
        }),
      ),
    );
    return { userId: response.user.id, headers };
  } catch (error) {
    // The database could not serve it (every connection busy past the checkout timeout, or
    // down): 503 and a retry, not a mistake in the form. better-auth reports such a failure
    // inside its transaction as FAILED_TO_CREATE_USER; watchDatabaseAvailability throws the pool's error instead.
    if ((error instanceof AppError && error.statusCode === 503) || isDatabaseUnavailableError(error)) throw error;
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
    if (code === 'INVALID_EMAIL') throw invalidEmailError();
    if (code === 'PASSWORD_TOO_LONG') throw badRequest(SIGN_UP_ERRORS.passwordTooLong);
    logger.error({ err: error }, 'sign-up failed');
    // The library's own text ('[body.email] …') is not for people: the spec's fallback is.
    throw new AppError(400, 'sign_up_failed', SIGN_UP_ERRORS.fallback);
  }
}
