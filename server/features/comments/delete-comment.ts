import { eq } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { groupTopic } from '#shared/schemas/groups.ts';
import { CONTENT_LIVE_EVENTS } from '#shared/constants/live.ts';
import { comments } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { loadCommentParent, moveCommentCount } from './comment-parent.ts';
import { deleteCommentTree } from './delete-comments.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireViewer } from '../../lib/viewer.ts';
import { canDeleteContent } from '#shared/lib/permissions.ts';

/**
 * Deletes a comment and, for a top-level one, its replies, with their likes: the author, or
 * the group's host (moderation). The parent is locked first, as adding a comment does, so the
 * parent's commentCount drops by exactly the rows removed. Watchers hear 'comment.deleted'.
 */
export async function deleteComment(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  commentId: string;
}): Promise<void> {
  const viewer = requireViewer(options.viewer);
  const { commentId } = options;
  if (!isUuid(commentId)) throw notFound(CONTENT_MESSAGES.commentNotFound);
  await options.transaction(async (tx, { emit }) => {
    const [found] = await tx
      .select({ parentType: comments.parentType, parentId: comments.parentId })
      .from(comments)
      .where(eq(comments.id, commentId));
    if (!found) throw notFound(CONTENT_MESSAGES.commentNotFound);
    const parent = await loadCommentParent({ db: tx, ...found, lock: true });
    const [current] = await tx
      .select({ authorId: comments.authorId })
      .from(comments)
      .where(eq(comments.id, commentId))
      .for('update');
    if (!current) throw notFound(CONTENT_MESSAGES.commentNotFound);
    if (!canDeleteContent(viewer.id, { authorId: current.authorId, hostId: parent.ownerId })) {
      throw new AppError(403, 'forbidden', CONTENT_MESSAGES.cannotDelete);
    }
    const removed = await deleteCommentTree(tx, commentId);
    const commentCount = await moveCommentCount(tx, parent, -removed);
    emit({
      topic: groupTopic(parent.groupId),
      event: CONTENT_LIVE_EVENTS.commentDeleted,
      ids: { commentId, parentId: parent.id },
      data: { parentType: parent.type, commentCount },
    });
  });
}
