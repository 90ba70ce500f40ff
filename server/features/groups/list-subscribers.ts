import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import type { SubscriberListResponse } from '#shared/schemas/groups.ts';
import type { Queryable } from '../../db/client.ts';
import { groupSubscriptions, groups, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { cursorTime, decodeCursor, encodeCursor, isGroupId } from './cursor.ts';
import { presentSubscriber } from './presenter.ts';

/** One page of a group's subscribers, newest first (spec section 7), keyset cursor on (createdAt, userId). */
export async function listSubscribers(options: {
  db: Queryable;
  groupId: string;
  cursor?: string | undefined;
  limit: number;
}): Promise<SubscriberListResponse> {
  const { db, groupId, limit } = options;
  if (!isGroupId(groupId)) throw notFound(GROUP_MESSAGES.notFound);
  const conditions: SQL[] = [eq(groupSubscriptions.groupId, groupId)];
  if (options.cursor) {
    const after = decodeCursor(options.cursor, { key: 'time', id: 'userId' });
    conditions.push(
      sql`(${groupSubscriptions.createdAt}, ${groupSubscriptions.userId}) < (${after.key}::timestamptz, ${after.id})`,
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
      groupId: groupSubscriptions.groupId,
      createdAt: groupSubscriptions.createdAt,
      updatedAt: groupSubscriptions.updatedAt,
      cursorTime: cursorTime(groupSubscriptions.createdAt),
    })
    .from(groupSubscriptions)
    .innerJoin(users, eq(users.id, groupSubscriptions.userId))
    .where(and(...conditions))
    .orderBy(desc(groupSubscriptions.createdAt), desc(groupSubscriptions.userId))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    subscribers: page.map(presentSubscriber),
    nextCursor: rows.length > limit && last ? encodeCursor(last.cursorTime, last.id) : null,
  };
}
