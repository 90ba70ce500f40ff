import { eq, sql } from 'drizzle-orm';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import { normalizeUsername } from '#shared/lib/username-rules.ts';
import { GROUP_LIVE_EVENTS, groupTopic, userTopic } from '#shared/schemas/groups.ts';
import { groupMembers, groups, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { loadGroupWithRelation } from './find-group.ts';
import { presentMember } from './presenter.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireHost } from './host-only.ts';
import { requireViewer } from '../../lib/viewer.ts';

/**
 * Adds a person, by current username in any case, to a group's members; its host only.
 * One transaction: the group row locked, the member row inserted, memberCount moved. The
 * group's watchers hear 'members.changed'; the new member's tabs 'access.changed'.
 * A subscription they had stays: the member role outranks it, and it counts again if the
 * host removes them.
 */
export async function addMember(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  groupId: string;
  username: string;
}) {
  const { groupId } = options;
  const viewer = requireViewer(options.viewer);
  return options.transaction(async (tx, { emit }) => {
    const { group } = await loadGroupWithRelation({ db: tx, viewer, groupId, lock: true });
    requireHost(viewer, group);
    const [person] = await tx
      .select({ id: users.id, username: users.username, name: users.name, profileImageUrl: users.profileImageUrl })
      .from(users)
      .where(sql`lower(${users.username}) = ${normalizeUsername(options.username)}`)
      .limit(1);
    if (!person) throw new AppError(404, 'user_not_found', GROUP_MESSAGES.memberUserNotFound);
    if (person.id === group.ownerId) throw new AppError(400, 'member_is_host', GROUP_MESSAGES.memberIsHost);
    const [added] = await tx
      .insert(groupMembers)
      .values({ groupId: group.id, userId: person.id })
      .onConflictDoNothing()
      .returning({ createdAt: groupMembers.createdAt });
    if (!added) throw new AppError(409, 'member_already_added', GROUP_MESSAGES.memberAlreadyAdded);
    const [counts] = await tx
      .update(groups)
      .set({ memberCount: sql`${groups.memberCount} + 1` })
      .where(eq(groups.id, group.id))
      .returning({ memberCount: groups.memberCount });
    const memberCount = counts?.memberCount ?? group.memberCount + 1;
    emit({
      topic: groupTopic(group.id),
      event: GROUP_LIVE_EVENTS.membersChanged,
      ids: { groupId: group.id, userId: person.id },
      data: { memberCount },
    });
    emit({ topic: userTopic(person.id), event: GROUP_LIVE_EVENTS.accessChanged, ids: { groupId: group.id } });
    return { member: presentMember({ ...person, addedAt: added.createdAt }), memberCount };
  });
}
