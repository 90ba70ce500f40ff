import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * The person a batched e-mail goes to (new followers, new questions, the weekly digest), their
 * row locked for the batch's transaction so two workers cannot send the same batch twice.
 * Undefined when the account is gone.
 */
export async function lockMailRecipient(tx: Transaction, userId: string) {
  const [person] = await tx
    .select({
      email: users.email,
      username: users.username,
      name: users.name,
      settings: users.emailSettings,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return person;
}
