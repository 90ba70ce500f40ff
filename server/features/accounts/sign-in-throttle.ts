import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import { ACCOUNT_RATE_RULES } from './rate-rules.ts';

const RULES = ACCOUNT_RATE_RULES;

/**
 * Which password the failures of an account count against: a digest of its stored hash (which
 * carries its own salt), '-' when it has none or does not exist. A password reset or change
 * gives the account a new hash, so its failure counters start again from zero: the owner who
 * proved their mailbox is let in, whatever strangers did before.
 */
async function passwordEpoch(db: Database, email: string): Promise<string> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(users.email, email), eq(accounts.providerId, 'credential')))
    .limit(1);
  if (!row?.password) return '-';
  return createHash('sha256').update(row.password).digest('base64url').slice(0, 12);
}

/** Whether `check` refuses: the counter is used up. */
async function isUsedUp(check: () => Promise<void>): Promise<boolean> {
  try {
    await check();
    return false;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429) return true;
    throw error;
  }
}

/**
 * The throttle of password sign-in (decision 014). Failures slow down the address that makes
 * them, and the account's failures only ever hold back addresses that failed for it: an address
 * with no failed sign-in for an account is never refused because of that account. Throws 429
 * (Retry-After and a sentence) before the password is checked; the returned `recordFailure`
 * counts a wrong password afterwards.
 */
export async function throttleSignIn(options: {
  db: Database;
  rateLimit: RateLimiter;
  /** Lowercase e-mail as typed: an unknown one is throttled exactly like a known one. */
  email: string;
  /** The address subject (IPv4, or IPv6 /64). */
  address: string;
}): Promise<{ recordFailure: () => Promise<void> }> {
  const { db, rateLimit, email, address } = options;
  await rateLimit.hit(RULES.signInPerAddress, address);
  await rateLimit.check(RULES.signInFailuresPerAddress, address);

  const account = `${email}#${await passwordEpoch(db, email)}`;
  const pair = `${account}@${address}`;
  // Under attack (many failures from anywhere), an address that already failed for this account
  // gets no more tries for it in this window; clean addresses, the owner's among them, still do.
  const isUnderAttack = await isUsedUp(() => rateLimit.check(RULES.signInFailuresPerAccount, account));
  await rateLimit.check(
    isUnderAttack ? RULES.signInFailuresPerAccountAndAddressUnderAttack : RULES.signInFailuresPerAccountAndAddress,
    pair,
  );

  return {
    recordFailure: async () => {
      // Counted after the refusal is decided; a counter that cannot be written must not turn a
      // wrong password into a 5xx.
      await Promise.allSettled([
        rateLimit.hit(RULES.signInFailuresPerAddress, address),
        rateLimit.hit(RULES.signInFailuresPerAccountAndAddress, pair),
        rateLimit.hit(RULES.signInFailuresPerAccount, account),
      ]);
    },
  };
}
