import { and, eq } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { groupTopic } from '#shared/schemas/groups.ts';
import { CONTENT_LIVE_EVENTS } from '#shared/constants/live.ts';
import type { Comment } from '#shared/schemas/comments.ts';
import { comments, type CommentParentType } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { authorizeGroupAction, touchGroupActivity } from '../groups/public.ts';
import { createNotifications } from '../notifications/public.ts';
import { requireVisibleQuestion } from '../questions/public.ts';
import { loadCommentParent, moveCommentCount } from './comment-parent.ts';
import { loadComment } from './comment-query.ts';
import { checkCommentBody } from './comment-text.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';

/**
 * Comments on a post or a question (action 'comment'), or replies to a top-level comment of
 * the same parent (action 'reply'): one level only. The rule's target is 'posts' under a post
 * and 'questionQueue' under a question, where the rule refuses the host ('Hosts answer
 * questions rather than comment on them'). In one transaction with the group and the parent locked: the
 * row, the parent's commentCount and the group's lastActivityAt; watchers hear 'comment.created'.
 * The author of the comment replied to and the author of the post or question get a 'reply'
 * notification (not the commenter themselves).
 */
export async function createComment(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  parentType: CommentParentType;
  parentId: string;
  body: string;
  replyToId?: string | undefined;
}): Promise<Comment> {
  const { parentType, replyToId } = options;
  return options.transaction(async (tx, { emit }) => {
    const parent = await loadCommentParent({
      db: tx,
      parentType,
      parentId: options.parentId,
      lock: true,
      // the group's lastActivityAt moves below
      lockGroup: true,
    });
    const { viewer } = await authorizeGroupAction({
      db: tx,
      viewer: options.viewer,
      groupId: parent.groupId,
      action: replyToId === undefined ? 'comment' : 'reply',
      target: parent.target,
    });
    requireVisibleQuestion(parent, viewer);
    const body = checkCommentBody(options.body);
    let repliedToAuthorId: string | null = null;
    if (replyToId !== undefined) {
      if (!isUuid(replyToId)) throw notFound(CONTENT_MESSAGES.commentNotFound);
      const [repliedTo] = await tx
        .select({ replyToId: comments.replyToId, authorId: comments.authorId })
        .from(comments)
        .where(and(eq(comments.id, replyToId), eq(comments.parentType, parent.type), eq(comments.parentId, parent.id)))
        .for('key share');
      if (!repliedTo) throw notFound(CONTENT_MESSAGES.commentNotFound);
      if (repliedTo.replyToId !== null) {
        throw badRequest(CONTENT_MESSAGES.replyToReply, { replyToId: CONTENT_MESSAGES.replyToReply });
      }
      repliedToAuthorId = repliedTo.authorId;
    }
    const [row] = await tx
      .insert(comments)
      .values({
        groupId: parent.groupId,
        parentType: parent.type,
        parentId: parent.id,
        replyToId: replyToId ?? null,
        authorId: viewer.id,
        body,
      })
      .returning({ id: comments.id });
    if (!row) throw new Error('no comment row');
    const commentCount = await moveCommentCount(tx, parent, 1);
    await touchGroupActivity(tx, parent.groupId);
    emit({
      topic: groupTopic(parent.groupId),
      event: CONTENT_LIVE_EVENTS.commentCreated,
      ids: { commentId: row.id, parentId: parent.id },
      data: { parentType: parent.type, commentCount },
    });
    const recipients = new Set([...(repliedToAuthorId ? [repliedToAuthorId] : []), parent.authorId]);
    await createNotifications(
      tx,
      emit,
      [...recipients].map((userId) => ({
        userId,
        kind: 'reply' as const,
        actorId: viewer.id,
        groupId: parent.groupId,
        targetType: parent.type,
        targetId: parent.id,
        excerpt: body,
      })),
    );
    const comment = await loadComment(tx, viewer.id, row.id);
    if (!comment) throw new Error('comment vanished');
    return comment;
  });
}
