import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { GroupListResponse } from '#shared/schemas/groups.ts';
import type { Queryable } from '../../db/client.ts';
import { groups, users } from '../../db/schema/index.ts';
import { cursorTime, decodeCursor, encodeCursor } from './cursor.ts';
import { groupSummaryColumns } from './find-group.ts';
import { presentGroup } from './presenter.ts';

/**
 * One page of all groups: newest first (createdAt, id) or most subscribed first
 * (subscriberCount, id), each with a keyset cursor its own index answers.
 */
export async function listGroups(options: {
  db: Queryable;
  sort: 'newest' | 'popular';
  cursor?: string | undefined;
  limit: number;
}): Promise<GroupListResponse> {
  const { db, sort, limit } = options;
  const isNewest = sort === 'newest';
  let where: SQL | undefined;
  if (options.cursor && isNewest) {
    const after = decodeCursor(options.cursor, { key: 'time', id: 'uuid' });
    where = sql`(${groups.createdAt}, ${groups.id}) < (${after.key}::timestamptz, ${after.id}::uuid)`;
  } else if (options.cursor) {
    const after = decodeCursor(options.cursor, { key: 'count', id: 'uuid' });
    where = sql`(${groups.subscriberCount}, ${groups.id}) < (${after.key}::int, ${after.id}::uuid)`;
  }
  const rows = await db
    .select({ ...groupSummaryColumns, cursorTime: cursorTime(groups.createdAt) })
    .from(groups)
    .innerJoin(users, eq(users.id, groups.ownerId))
    .where(where)
    .orderBy(isNewest ? desc(groups.createdAt) : desc(groups.subscriberCount), desc(groups.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  let nextCursor: string | null = null;
  if (last && rows.length > limit) {
    nextCursor = encodeCursor(isNewest ? last.cursorTime : last.subscriberCount, last.id);
  }
  return { groups: page.map(presentGroup), nextCursor };
}
