import { and, eq, sql } from 'drizzle-orm';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import { GROUP_LIVE_EVENTS, groupTopic, userTopic } from '#shared/schemas/groups.ts';
import { groupMembers, groups } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { loadGroupWithRelation } from './find-group.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireHost } from './host-only.ts';
import { requireViewer } from '../../lib/viewer.ts';

/**
 * Removes a member from a group; its host only. The member row and memberCount change in
 * one transaction; the group's watchers hear 'members.changed', the person 'access.changed'.
 */
export async function removeMember(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  groupId: string;
  userId: string;
}): Promise<{ memberCount: number }> {
  const { groupId, userId } = options;
  const viewer = requireViewer(options.viewer);
  return options.transaction(async (tx, { emit }) => {
    const { group } = await loadGroupWithRelation({ db: tx, viewer, groupId, lock: true });
    requireHost(viewer, group);
    const removed = await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, userId)))
      .returning({ userId: groupMembers.userId });
    if (removed.length === 0) throw new AppError(404, 'member_not_found', GROUP_MESSAGES.memberNotFound);
    const [counts] = await tx
      .update(groups)
      .set({ memberCount: sql`${groups.memberCount} - 1` })
      .where(eq(groups.id, group.id))
      .returning({ memberCount: groups.memberCount });
    const memberCount = counts?.memberCount ?? group.memberCount - 1;
    emit({
      topic: groupTopic(group.id),
      event: GROUP_LIVE_EVENTS.membersChanged,
      ids: { groupId: group.id, userId },
      data: { memberCount },
    });
    emit({ topic: userTopic(userId), event: GROUP_LIVE_EVENTS.accessChanged, ids: { groupId: group.id } });
    return { memberCount };
  });
}
