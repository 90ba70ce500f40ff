import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { comments, type CommentParentType } from '../../db/schema/index.ts';
import { deleteLikesOf } from '../likes/public.ts';

/**
 * Deletes every comment and reply under the posts or questions `parentIds`, and their likes;
 * call it in the transaction that deletes the parents (the questions feature does so for
 * questions). The comments are locked first so a like being added to one waits.
 */
export async function deleteCommentsOf(
  db: Queryable,
  parentType: CommentParentType,
  parentIds: readonly string[],
): Promise<void> {
  if (parentIds.length === 0) return;
  const where = and(eq(comments.parentType, parentType), inArray(comments.parentId, [...parentIds]));
  const rows = await db.select({ id: comments.id }).from(comments).where(where).for('update');
  await deleteLikesOf(
    db,
    'comment',
    rows.map((row) => row.id),
  );
  await db.delete(comments).where(where);
}

/** Returns how many comments a delete removed (the comment and, for a top-level one, its replies). */
export async function deleteCommentTree(db: Queryable, commentId: string): Promise<number> {
  const rows = await db
    .select({ id: comments.id })
    .from(comments)
    .where(eq(comments.replyToId, commentId))
    .for('update');
  const ids = [commentId, ...rows.map((row) => row.id)];
  await deleteLikesOf(db, 'comment', ids);
  const deleted = await db.delete(comments).where(inArray(comments.id, ids)).returning({ id: comments.id });
  return deleted.length;
}
