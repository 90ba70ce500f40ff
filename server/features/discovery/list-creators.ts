import { and, desc, isNull, sql, type SQL } from 'drizzle-orm';
import type { CreatorListResponse } from '#shared/schemas/discovery.ts';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { decodeCursor, encodeCursor } from '../groups/cursor.ts';

/**
 * One page of creators — people hosting at least one group, not disabled — most followers
 * first: users_followers_idx in order, each row checked against groups_owner_created_idx;
 * keyset cursor on (followers, id). With each, the number of groups they host and whether the
 * viewer follows them (null signed out, or for the viewer's own row).
 */
export async function listCreators(options: {
  db: Queryable;
  viewer: Viewer | null;
  cursor?: string | undefined;
  limit: number;
}): Promise<CreatorListResponse> {
  const { db, limit } = options;
  const viewerId = options.viewer?.id ?? null;
  // Written out: in a one-table select Drizzle leaves column names unqualified, which a
  // correlated subquery would read as its own table's.
  const conditions: SQL[] = [
    isNull(users.disabledAt),
    sql`exists (select 1 from groups g where g.owner_id = users.id)`,
  ];
  if (options.cursor) {
    const after = decodeCursor(options.cursor, { key: 'count', id: 'userId' });
    conditions.push(sql`(${users.followers}, ${users.id}) < (${after.key}::int, ${after.id})`);
  }
  const isFollowing = viewerId
    ? sql<boolean | null>`case when users.id = ${viewerId} then null
        else exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followed_id = users.id) end`
    : sql<null>`null::boolean`;
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      quote: users.quote,
      profileImageURL: users.profileImageUrl,
      followers: users.followers,
      groupCount: sql<number>`(select count(*)::int from groups g where g.owner_id = users.id)`,
      isFollowing,
    })
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(users.followers), desc(users.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    people: page,
    nextCursor: rows.length > limit && last ? encodeCursor(last.followers, last.id) : null,
  };
}
