import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { GroupListResponse } from '#shared/schemas/groups.ts';
import type { Database } from '../../db/client.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import { groups, users } from '../../db/schema/index.ts';
import { groupSummaryColumns } from './find-group.ts';
import { presentGroup } from './presenter.ts';
import { cursorTime, decodeKeyset, encodeKeyset } from '../../lib/keyset.ts';

/** A page of all groups in one order, first or after a cursor: one prepared query per shape. */
function pageQuery(db: Database, shape: { newest: boolean; after: boolean }) {
  const { newest, after } = shape;
  return preparedQuery(db, `groups_list_${newest ? 'newest' : 'popular'}_${after ? 'after' : 'first'}`, (name) => {
    const [key, id] = [sql.placeholder('key'), sql.placeholder('id')];
    let where: SQL | undefined;
    if (after && newest) where = sql`(${groups.createdAt}, ${groups.id}) < (${key}::timestamptz, ${id}::uuid)`;
    else if (after) where = sql`(${groups.subscriberCount}, ${groups.id}) < (${key}::int, ${id}::uuid)`;
    return db
      .select({ ...groupSummaryColumns, cursorTime: cursorTime(groups.createdAt) })
      .from(groups)
      .innerJoin(users, eq(users.id, groups.ownerId))
      .where(where)
      .orderBy(newest ? desc(groups.createdAt) : desc(groups.subscriberCount), desc(groups.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  });
}

/**
 * One page of all groups: newest first (createdAt, id) or most subscribed first
 * (subscriberCount, id), each with a keyset cursor its own index answers.
 */
export async function listGroups(options: {
  db: Database;
  sort: 'newest' | 'popular';
  cursor?: string | undefined;
  limit: number;
}): Promise<GroupListResponse> {
  const { db, sort, limit } = options;
  const newest = sort === 'newest';
  const after = options.cursor
    ? newest
      ? decodeKeyset(options.cursor, { key: 'time', id: 'uuid' })
      : decodeKeyset(options.cursor, { key: 'count', id: 'uuid' })
    : null;
  const rows = await pageQuery(db, { newest, after: after !== null }).execute({
    limit: limit + 1,
    ...(after ? { key: after.key, id: after.id } : {}),
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  let nextCursor: string | null = null;
  if (last && rows.length > limit) {
    nextCursor = encodeKeyset(newest ? last.cursorTime : last.subscriberCount, last.id);
  }
  return { groups: page.map(presentGroup), nextCursor };
}
