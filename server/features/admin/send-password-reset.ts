import { eq } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '#shared/schemas/admin-console.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Auth } from '../accounts/public.ts';
import { recordAudit } from './audit.ts';
import type { Admin } from './require-admin.ts';

/**
 * The one way an administrator helps with someone's password: the ordinary reset e-mail, sent
 * to the owner's own address (read here, never given by the administrator), recorded in the
 * audit log first so no link leaves unrecorded. The link's token is in that e-mail only;
 * /admin/mail shows it hidden.
 */
export async function sendPasswordResetLink(options: {
  db: Database;
  auth: Auth;
  admin: Admin;
  userId: string;
}): Promise<{ email: string }> {
  const { db, auth, admin, userId } = options;
  const target = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: users.id, username: users.username, email: users.email, disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) throw notFound(ADMIN_MESSAGES.userNotFound);
    // The link would work, but the sign-in after it would not: enabling comes first.
    if (row.disabledAt) throw conflict(ADMIN_MESSAGES.resetLinkDisabled);
    await recordAudit(tx, admin, {
      action: 'user.password_reset_link',
      targetType: 'user',
      targetId: row.id,
      summary: `Sent a password reset link to @${row.username} (${row.email})`,
    });
    return row;
  });
  // Outside the transaction: better-auth stores the token and queues the e-mail on its own connections.
  await auth.api.requestPasswordReset({ body: { email: target.email } });
  return { email: target.email };
}
