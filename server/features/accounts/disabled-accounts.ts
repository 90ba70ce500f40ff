import { eq } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { GOOGLE_SIGN_IN_ERRORS } from '#shared/constants/google-sign-in.ts';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** What a disabled person is told when they try to sign in (password or Google). */
export const ACCOUNT_DISABLED_MESSAGE = GOOGLE_SIGN_IN_ERRORS.account_disabled;
/** The error code of that refusal (the HTTP answer's, and Google's `/login?error=`, shown from that list). */
export const ACCOUNT_DISABLED_CODE = 'account_disabled' satisfies keyof typeof GOOGLE_SIGN_IN_ERRORS;

/** Whether an administrator disabled the account `userId`. */
export async function isAccountDisabled(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row?.disabledAt);
}

/**
 * better-auth's hook before it stores any new session (password sign-in, Google, sign-up):
 * a disabled account gets none. It runs after the password was checked, so a wrong password
 * still answers "Invalid email or password." and tells nobody the account exists.
 *
 * The account is read through better-auth's adapter when the hook runs in an endpoint: that
 * is the endpoint's transaction if one is open (sign-up), where a second pool connection
 * could wait for ever on a pool held by concurrent sign-ups.
 */
export async function refuseSessionOfDisabledAccount(options: {
  db: Queryable;
  userId: string;
  findUserById?: ((userId: string) => Promise<unknown>) | undefined;
}): Promise<void> {
  const isDisabled = options.findUserById
    ? Boolean(((await options.findUserById(options.userId)) as { disabledAt?: unknown } | null)?.disabledAt)
    : await isAccountDisabled(options.db, options.userId);
  if (isDisabled) {
    throw new APIError('FORBIDDEN', { code: ACCOUNT_DISABLED_CODE, message: ACCOUNT_DISABLED_MESSAGE });
  }
}
