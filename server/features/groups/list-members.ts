import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import type { GroupMemberListResponse } from '#shared/schemas/groups.ts';
import type { Queryable } from '../../db/client.ts';
import { groupMembers, groups, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { cursorTime, decodeCursor, encodeCursor, isGroupId } from './cursor.ts';
import { presentMember } from './presenter.ts';

/** One page of a group's members, newest first, keyset cursor on (added at, userId). */
export async function listMembers(options: {
  db: Queryable;
  groupId: string;
  cursor?: string | undefined;
  limit: number;
}): Promise<GroupMemberListResponse> {
  const { db, groupId, limit } = options;
  if (!isGroupId(groupId)) throw notFound(GROUP_MESSAGES.notFound);
  const conditions: SQL[] = [eq(groupMembers.groupId, groupId)];
  if (options.cursor) {
    const after = decodeCursor(options.cursor, { key: 'time', id: 'userId' });
    conditions.push(
      sql`(${groupMembers.createdAt}, ${groupMembers.userId}) < (${after.key}::timestamptz, ${after.id})`,
    );
  }
  const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).limit(1);
  if (!group) throw notFound(GROUP_MESSAGES.notFound);
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      profileImageUrl: users.profileImageUrl,
      addedAt: groupMembers.createdAt,
      cursorTime: cursorTime(groupMembers.createdAt),
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(...conditions))
    .orderBy(desc(groupMembers.createdAt), desc(groupMembers.userId))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    members: page.map(presentMember),
    nextCursor: rows.length > limit && last ? encodeCursor(last.cursorTime, last.id) : null,
  };
}
