import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** Makes the account with this e-mail an administrator. Returns what happened, for the command line. */
export async function grantAdmin(
  db: Queryable,
  email: string,
): Promise<'granted' | 'already-admin' | 'no-such-account'> {
  const normalized = email.trim().toLowerCase();
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.email, normalized))
    .limit(1);
  if (!row) return 'no-such-account';
  if (row.role === 'admin') return 'already-admin';
  await db
    .update(users)
    .set({ role: 'admin', updatedAt: sql`now()` })
    .where(eq(users.id, row.id));
  return 'granted';
}
