import { eq, sql } from 'drizzle-orm';
import { EMAIL_SETTING_KEYS, type EmailSettings } from '#shared/constants/accounts.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyUnsubscribeToken } from '../mail/public.ts';

/**
 * One-click unsubscribe (RFC 8058): the token of a notification e-mail names a person and a
 * category; that flag is turned off ('all' sets unsubscribedAll). Repeating it changes nothing.
 */
export async function unsubscribeWithToken(options: { db: Database; token: string; secret: string }): Promise<string> {
  const target = verifyUnsubscribeToken(options.token, options.secret);
  if (!target) throw new AppError(400, 'invalid_unsubscribe_link', 'This unsubscribe link is not valid.');
  const change: Partial<EmailSettings> =
    target.category === 'all'
      ? { unsubscribedAll: true }
      : (EMAIL_SETTING_KEYS as string[]).includes(target.category) && target.category !== 'unsubscribedAll'
        ? { [target.category]: false }
        : {};
  if (Object.keys(change).length === 0) {
    throw new AppError(400, 'invalid_unsubscribe_link', 'This unsubscribe link is not valid.');
  }
  const [row] = await options.db
    .update(users)
    .set({
      emailSettings: sql`${users.emailSettings} || ${JSON.stringify(change)}::jsonb`,
      lastTokenUpdate: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, target.userId))
    .returning({ id: users.id });
  if (!row) throw new AppError(404, 'not_found', 'User profile not found');
  return target.category;
}
