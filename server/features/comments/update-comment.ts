import { eq, sql } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { groupTopic } from '#shared/schemas/groups.ts';
import { CONTENT_LIVE_EVENTS } from '#shared/constants/live.ts';
import type { Comment } from '#shared/schemas/comments.ts';
import { comments } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { authorizeGroupAction } from '../groups/public.ts';
import { requireVisibleQuestion } from '../questions/public.ts';
import { loadCommentParent } from './comment-parent.ts';
import { loadComment } from './comment-query.ts';
import { checkCommentBody } from './comment-text.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireViewer } from '../../lib/viewer.ts';
import { canEditContent } from '#shared/lib/permissions.ts';

/**
 * Changes a comment's text: its author only (403 `not_author`), who must still pass the rule
 * for the action that wrote it ('comment' or 'reply'). Sets editedAt; watchers hear 'comment.updated'.
 */
export async function updateComment(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  commentId: string;
  body: string;
}): Promise<Comment> {
  const viewer = requireViewer(options.viewer);
  const { commentId } = options;
  if (!isUuid(commentId)) throw notFound(CONTENT_MESSAGES.commentNotFound);
  return options.transaction(async (tx, { emit }) => {
    const [current] = await tx
      .select({
        authorId: comments.authorId,
        parentType: comments.parentType,
        parentId: comments.parentId,
        replyToId: comments.replyToId,
      })
      .from(comments)
      .where(eq(comments.id, commentId))
      .for('no key update');
    if (!current) throw notFound(CONTENT_MESSAGES.commentNotFound);
    if (!canEditContent(viewer.id, current)) throw new AppError(403, 'not_author', CONTENT_MESSAGES.notAuthor);
    const parent = await loadCommentParent({ db: tx, parentType: current.parentType, parentId: current.parentId });
    await authorizeGroupAction({
      db: tx,
      viewer,
      groupId: parent.groupId,
      action: current.replyToId === null ? 'comment' : 'reply',
      target: parent.target,
    });
    requireVisibleQuestion(parent, viewer);
    const body = checkCommentBody(options.body);
    await tx
      .update(comments)
      .set({ body, editedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(comments.id, commentId));
    emit({
      topic: groupTopic(parent.groupId),
      event: CONTENT_LIVE_EVENTS.commentUpdated,
      ids: { commentId, parentId: parent.id },
      data: { parentType: parent.type },
    });
    const comment = await loadComment(tx, viewer.id, commentId);
    if (!comment) throw notFound(CONTENT_MESSAGES.commentNotFound);
    return comment;
  });
}
