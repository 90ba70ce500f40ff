import { and, eq } from 'drizzle-orm';
import { groupTopic } from '#shared/schemas/groups.ts';
import { CONTENT_LIVE_EVENTS, type LikeResponse } from '#shared/schemas/posts.ts';
import { likes } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { authorizeGroupAction } from '../groups/authorize-group-action.ts';
import type { RunInTransaction } from '../groups/groups-transaction.ts';
import { requireVisibleParent } from './comment-parent.ts';
import { loadLikeTarget, moveLikeCount, readLikeCount, type ContentLikeTarget } from './like-target.ts';

/**
 * Likes a post, comment, question (a vote) or answer (`isLiked: true`) or takes the like back,
 * idempotently (action 'like'; target 'posts' for posts and their comments, 'questionQueue'
 * for the rest). A hidden or pending question, and what hangs under it, is the host's and its
 * author's alone. The like row and the item's likeCount change in one transaction, the counter
 * only when a row really changed, so counts stay exact under any concurrency; watchers of the
 * group hear 'like.changed'.
 */
export async function setLike(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  targetType: ContentLikeTarget;
  targetId: string;
  isLiked: boolean;
}): Promise<LikeResponse> {
  const { isLiked, targetType } = options;
  return options.transaction(async (tx, { emit }) => {
    const target = await loadLikeTarget(tx, targetType, options.targetId);
    const { viewer } = await authorizeGroupAction({
      db: tx,
      viewer: options.viewer,
      groupId: target.groupId,
      action: 'like',
      target: target.target,
    });
    requireVisibleParent({ ...target, type: 'question' }, viewer);
    const changed = isLiked
      ? await tx
          .insert(likes)
          .values({ targetType, targetId: target.id, userId: viewer.id, groupId: target.groupId })
          .onConflictDoNothing()
          .returning({ userId: likes.userId })
      : await tx
          .delete(likes)
          .where(and(eq(likes.targetType, targetType), eq(likes.targetId, target.id), eq(likes.userId, viewer.id)))
          .returning({ userId: likes.userId });
    if (changed.length === 0) return { isLiked, likeCount: await readLikeCount(tx, target) };
    const likeCount = await moveLikeCount(tx, target, isLiked ? 1 : -1);
    emit({
      topic: groupTopic(target.groupId),
      event: CONTENT_LIVE_EVENTS.likeChanged,
      ids: { targetId: target.id },
      data: { targetType, likeCount },
    });
    return { isLiked, likeCount };
  });
}
