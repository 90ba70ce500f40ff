import { and, eq, sql } from 'drizzle-orm';
import { GROUP_LIVE_EVENTS, groupTopic, type GroupLikeResponse } from '#shared/schemas/groups.ts';
import { groups, likes } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { authorizeGroupAction } from './authorize-group-action.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';

/**
 * Likes a group (`isLiked: true`) or takes the like back, idempotently, as the permission
 * rule allows (action 'like' on target 'group': subscribers, members and the host). The like
 * row and likeCount change in one transaction, the counter only when a row really changed;
 * the group's watchers hear 'likes.changed'.
 */
export async function setGroupLike(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  groupId: string;
  isLiked: boolean;
}): Promise<GroupLikeResponse> {
  const { isLiked } = options;
  return options.transaction(async (tx, { emit }) => {
    const { viewer, group } = await authorizeGroupAction({
      db: tx,
      viewer: options.viewer,
      groupId: options.groupId,
      action: 'like',
      target: 'group',
    });
    const changed = isLiked
      ? await tx
          .insert(likes)
          .values({ targetType: 'group', targetId: group.id, userId: viewer.id, groupId: group.id })
          .onConflictDoNothing()
          .returning({ userId: likes.userId })
      : await tx
          .delete(likes)
          .where(and(eq(likes.targetType, 'group'), eq(likes.targetId, group.id), eq(likes.userId, viewer.id)))
          .returning({ userId: likes.userId });
    if (changed.length === 0) return { isLiked, likeCount: group.likeCount };
    const [counts] = await tx
      .update(groups)
      .set({ likeCount: sql`${groups.likeCount} + ${isLiked ? 1 : -1}` })
      .where(eq(groups.id, group.id))
      .returning({ likeCount: groups.likeCount });
    const likeCount = counts?.likeCount ?? 0;
    emit({
      topic: groupTopic(group.id),
      event: GROUP_LIVE_EVENTS.likesChanged,
      ids: { groupId: group.id },
      data: { likeCount },
    });
    return { isLiked, likeCount };
  });
}
