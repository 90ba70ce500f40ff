import { eq, sql } from 'drizzle-orm';
import { EMAIL_SETTINGS_MESSAGES } from '#shared/constants/account-messages.ts';
import type { EmailSettings } from '#shared/constants/accounts.ts';
import { EmailSettingsSchema } from '#shared/schemas/accounts.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, unauthenticated } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';

// The texts live in shared/ so the client's checks say exactly what the server answers.
export { EMAIL_SETTINGS_MESSAGES };

/**
 * Changes some of a person's e-mail flags. Only the signed-in owner may; the
 * flags not named keep their value, and lastTokenUpdate moves as on every profile update.
 */
export async function updateEmailSettings(options: {
  db: Database;
  viewer: Viewer | null;
  userId: string;
  changes: unknown;
}): Promise<EmailSettings> {
  const { db, viewer, userId } = options;
  if (!viewer) throw unauthenticated(EMAIL_SETTINGS_MESSAGES.unauthenticated);
  if (viewer.id !== userId) throw new AppError(403, 'forbidden', EMAIL_SETTINGS_MESSAGES.notOwner);
  const parsed = EmailSettingsSchema.partial().safeParse(options.changes);
  if (!parsed.success || Object.keys(parsed.data).length === 0) {
    throw new AppError(400, 'invalid_email_settings', EMAIL_SETTINGS_MESSAGES.invalidData);
  }
  const [row] = await db
    .update(users)
    .set({
      emailSettings: sql`${users.emailSettings} || ${JSON.stringify(parsed.data)}::jsonb`,
      lastTokenUpdate: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ emailSettings: users.emailSettings });
  if (!row) throw new AppError(404, 'not_found', EMAIL_SETTINGS_MESSAGES.notFound);
  return row.emailSettings;
}
