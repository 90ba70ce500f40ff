import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** What a delivery check sees of the message about to go out. */
export interface DeliveryCheckMessage {
  id: string;
  kind: string;
  userId: string | null;
  aboutType: string | null;
  aboutId: string | null;
}

/**
 * Asked just before an e-mail goes out (every attempt): returns why it must not go any more,
 * in a sentence an administrator reads at /admin/mail, or null to send it. Features register
 * theirs with `app.mail.addDeliveryCheck`.
 */
export type DeliveryCheck = (options: { db: Queryable; message: DeliveryCheckMessage }) => Promise<string | null>;

/** The reasons of the account check, as /admin/mail shows them. */
export const ACCOUNT_CANCEL_REASONS = {
  disabled: 'Not sent: the account was disabled before the e-mail went out.',
  gone: 'Not sent: the account no longer exists.',
} as const;

/**
 * Every e-mail to an account — notifications, the welcome and password resets alike — waits
 * for the account to be in use: a disabled or deleted one gets nothing, whenever it was queued.
 */
export const accountDeliveryCheck: DeliveryCheck = async ({ db, message }) => {
  if (message.userId === null) return null;
  const [account] = await db
    .select({ disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, message.userId))
    .limit(1);
  if (!account) return ACCOUNT_CANCEL_REASONS.gone;
  return account.disabledAt ? ACCOUNT_CANCEL_REASONS.disabled : null;
};

/** The first reason any check gives to cancel the message, or null. */
export async function cancelReason(
  checks: readonly DeliveryCheck[],
  db: Queryable,
  message: DeliveryCheckMessage,
): Promise<string | null> {
  for (const check of checks) {
    const reason = await check({ db, message });
    if (reason !== null) return reason;
  }
  return null;
}
