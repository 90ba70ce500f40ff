import { and, desc, isNull, sql, type SQL } from 'drizzle-orm';
import type { CreatorListResponse } from '#shared/schemas/discovery.ts';
import type { Database } from '../../db/client.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import { users } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { decodeKeyset, encodeKeyset } from '../../lib/keyset.ts';

/** A page of creators, first or after a cursor, for a viewer or a visitor: prepared once per shape. */
function pageQuery(db: Database, shape: { after: boolean; signedIn: boolean }) {
  const { after, signedIn } = shape;
  return preparedQuery(
    db,
    `discovery_creators_${after ? 'after' : 'first'}_${signedIn ? 'viewer' : 'visitor'}`,
    (name) => {
      const viewerId = sql.placeholder('viewerId');
      // Written out: in a one-table select Drizzle leaves column names unqualified, which a
      // correlated subquery would read as its own table's.
      const conditions: SQL[] = [
        isNull(users.disabledAt),
        sql`exists (select 1 from groups g where g.owner_id = users.id)`,
      ];
      if (after) {
        conditions.push(
          sql`(${users.followers}, ${users.id}) < (${sql.placeholder('count')}::int, ${sql.placeholder('id')})`,
        );
      }
      const isFollowing = signedIn
        ? sql<boolean | null>`case when users.id = ${viewerId} then null
          else exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followed_id = users.id) end`
        : sql<null>`null::boolean`;
      return db
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
        .limit(sql.placeholder('limit'))
        .prepare(name);
    },
  );
}

/**
 * One page of creators — people hosting at least one group, not disabled — most followers
 * first: users_followers_idx in order, each row checked against groups_owner_created_idx;
 * keyset cursor on (followers, id). With each, the number of groups they host and whether the
 * viewer follows them (null signed out, or for the viewer's own row). One prepared statement.
 */
export async function listCreators(options: {
  db: Database;
  viewer: Viewer | null;
  cursor?: string | undefined;
  limit: number;
}): Promise<CreatorListResponse> {
  const { db, limit } = options;
  const viewerId = options.viewer?.id ?? null;
  const after = options.cursor ? decodeKeyset(options.cursor, { key: 'count', id: 'userId' }) : null;
  const rows = await pageQuery(db, { after: after !== null, signedIn: viewerId !== null }).execute({
    viewerId,
    limit: limit + 1,
    ...(after ? { count: after.key, id: after.id } : {}),
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    people: page,
    nextCursor: rows.length > limit && last ? encodeKeyset(last.followers, last.id) : null,
  };
}
