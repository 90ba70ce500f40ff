import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { groups } from '../../db/schema/index.ts';

/**
 * Moves a group's lastActivityAt forward to `at` (a post, question, answer or comment; call
 * it in that write's transaction). Never backwards: a late write with an earlier time keeps
 * the later one. Without `at`, the transaction's time (the new row's createdAt default).
 */
export async function touchGroupActivity(db: Queryable, groupId: string, at?: Date): Promise<void> {
  const time = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  await db
    .update(groups)
    .set({ lastActivityAt: sql`greatest(coalesce(${groups.lastActivityAt}, ${time}), ${time})` })
    .where(eq(groups.id, groupId));
}
