import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, sessions, users } from '../../db/schema/index.ts';
import type { GoogleIdentity } from './google-id-token.ts';
import { newUserId } from './google-username.ts';

/** better-auth's provider id of "Continue with Google" (accounts.provider_id, the callback path). */
export const GOOGLE_PROVIDER_ID = 'google';

/**
 * Links a verified Google identity to the Townhall account that already uses its e-mail, when
 * Google says the address is verified (email_verified), in one transaction:
 *
 * - the Google account row is added, so better-auth then signs the person in as that user;
 * - if the Townhall account had never proven its e-mail, the password and every session it had
 *   are removed: whoever chose that password never showed they own the address, and could be an
 *   attacker who registered it first (pre-account-takeover). Its owner can set a password again
 *   through a reset e-mail;
 * - the e-mail counts as verified from now on, and lastTokenUpdate is set.
 *
 * Without Google's word the accounts stay apart and better-auth refuses the sign-in
 * (its implicit linking is off: this is the one place that links). Returns whether it linked.
 */
export async function linkGoogleToAccountWithSameEmail(options: {
  db: Database;
  identity: GoogleIdentity;
  /** After commit, when the account's sessions were removed: they end on every process. */
  onSessionsRemoved?: ((userId: string) => Promise<void>) | undefined;
}): Promise<boolean> {
  const { db, identity } = options;
  const { email } = identity;
  if (!email || !identity.isEmailVerified) return false;
  const removed: { sessionsOf: string | null } = { sessionsOf: null };
  const linked = await db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.providerId, GOOGLE_PROVIDER_ID), eq(accounts.accountId, identity.sub)))
      .limit(1);
    if (linked) return false;
    // Locked, so a password change or a second callback waits for this link to finish.
    const [user] = await tx
      .select({ id: users.id, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.email, email))
      .for('update')
      .limit(1);
    if (!user) return false;

    if (!user.emailVerified) {
      await tx.delete(accounts).where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')));
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
      removed.sessionsOf = user.id;
    }
    const now = new Date();
    await tx
      .insert(accounts)
      .values({ id: newUserId(), accountId: identity.sub, providerId: GOOGLE_PROVIDER_ID, userId: user.id })
      .onConflictDoNothing();
    await tx
      .update(users)
      .set({ emailVerified: true, lastTokenUpdate: now, updatedAt: now })
      .where(eq(users.id, user.id));
    return true;
  });
  if (removed.sessionsOf !== null) await options.onSessionsRemoved?.(removed.sessionsOf);
  return linked;
}
