import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { likes, type LikeTargetType } from '../../db/schema/index.ts';

/**
 * Deletes the likes of the `targetType` items `ids` (the likes table has no foreign key to them);
 * call it in the transaction that deletes the items.
 */
export async function deleteLikesOf(db: Queryable, targetType: LikeTargetType, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(likes).where(and(eq(likes.targetType, targetType), inArray(likes.targetId, [...ids])));
}
