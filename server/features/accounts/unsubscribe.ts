import { eq, sql } from 'drizzle-orm';
import { EMAIL_SETTING_KEYS, type EmailSettings } from '#shared/constants/accounts.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyUnsubscribeToken } from '../mail/public.ts';

/** The texts of the unsubscribe link's answers. */
export const UNSUBSCRIBE_MESSAGES = {
  invalidLink: 'This unsubscribe link is not valid.',
  wrongFormValue: 'The form field List-Unsubscribe must be "One-Click" (RFC 8058), or left out.',
  badForm: 'The unsubscribe form holds one short field, List-Unsubscribe=One-Click, and no files.',
} as const;

/** What a genuine unsubscribe link turns off, and where that setting stands now. */
export interface UnsubscribeLink {
  userId: string;
  /** An e-mail settings flag such as `newAnswers`, or `all`. */
  category: string;
  /** The category is off already (for `all`: unsubscribedAll is on). */
  isOff: boolean;
  /** Every e-mail is off (unsubscribedAll), whatever this category says. */
  isAllOff: boolean;
}

/** The settings change a category's link makes: turning it off, or back on. */
function changeOf(category: string, isOn: boolean): Partial<EmailSettings> | null {
  if (category === 'all') return { unsubscribedAll: !isOn };
  if ((EMAIL_SETTING_KEYS as string[]).includes(category) && category !== 'unsubscribedAll') {
    return { [category]: isOn };
  }
  return null;
}

function verified(token: string, secret: string) {
  const target = verifyUnsubscribeToken(token, secret);
  if (!target || !changeOf(target.category, false)) {
    throw new AppError(400, 'invalid_unsubscribe_link', UNSUBSCRIBE_MESSAGES.invalidLink);
  }
  return target;
}

/**
 * Reads what an unsubscribe link would change, changing nothing (a GET on the link, as mail
 * clients without one-click and link scanners do). Throws 400 for a forged or malformed token,
 * 404 when its account is gone.
 */
export async function readUnsubscribeLink(options: {
  db: Database;
  token: string;
  secret: string;
}): Promise<UnsubscribeLink> {
  const target = verified(options.token, options.secret);
  const [row] = await options.db
    .select({ settings: users.emailSettings })
    .from(users)
    .where(eq(users.id, target.userId))
    .limit(1);
  if (!row) throw new AppError(404, 'not_found', 'User profile not found');
  const settings = row.settings as Partial<EmailSettings>;
  const isAllOff = settings.unsubscribedAll === true;
  const isOff = target.category === 'all' ? isAllOff : settings[target.category as keyof EmailSettings] === false;
  return { ...target, isOff, isAllOff };
}

async function setCategory(options: { db: Database; token: string; secret: string; isOn: boolean }) {
  const target = verified(options.token, options.secret);
  const change = changeOf(target.category, options.isOn) ?? {};
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

/**
 * One-click unsubscribe (RFC 8058): the token of a notification e-mail names a person and a
 * category; that flag is turned off ('all' sets unsubscribedAll). Repeating it changes nothing.
 */
export async function unsubscribeWithToken(options: { db: Database; token: string; secret: string }): Promise<string> {
  return setCategory({ ...options, isOn: false });
}

/**
 * The undo of the unsubscribe page: the same link's token turns its category back on ('all'
 * turns unsubscribedAll off). Repeating it changes nothing.
 */
export async function resubscribeWithToken(options: { db: Database; token: string; secret: string }): Promise<string> {
  return setCategory({ ...options, isOn: true });
}
