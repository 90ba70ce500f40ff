import { eq, sql, type SQL } from 'drizzle-orm';
import type { Post } from '#shared/schemas/posts.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { groups, posts, users } from '../../db/schema/index.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import type { ViewerParam } from '../../lib/viewer.ts';
import { postColumns, presentPost } from './presenter.ts';
import { cursorTime } from '../../lib/keyset.ts';

/**
 * Posts matching `where` with their author, the group's host, the viewer's like and the newest
 * likers (kept on the post's row: decision 032), one row each (and `extra` columns); callers add
 * order and limit.
 */
export function selectPosts<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: Queryable,
  viewerId: ViewerParam,
  where: SQL | undefined,
  extra: Extra = {} as Extra,
) {
  return db
    .select({
      ...extra,
      ...postColumns(viewerId),
      ownerId: groups.ownerId,
      cursorTime: cursorTime(posts.createdAt),
      likers: posts.recentLikers,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .innerJoin(groups, eq(groups.id, posts.groupId))
    .where(where)
    .$dynamic();
}

type SelectedPost = Awaited<ReturnType<typeof selectPosts>>[number];

/** Rows of `selectPosts` for the API. */
export function presentPosts(viewerId: string | null, rows: SelectedPost[]): Post[] {
  return rows.map((row) =>
    presentPost(row, { viewerId, ownerId: row.ownerId, likedBy: { people: row.likers, total: row.likeCount } }),
  );
}

/** One post for the API, or null; in a transaction too. */
export async function loadPost(db: Queryable, viewerId: string | null, postId: string): Promise<Post | null> {
  const rows = await selectPosts(db, viewerId, eq(posts.id, postId)).limit(1);
  return presentPosts(viewerId, rows)[0] ?? null;
}

/** One post for its page, or null: the same as `loadPost`, in one prepared statement. */
export async function readPost(db: Database, viewerId: string | null, postId: string): Promise<Post | null> {
  const signedIn = viewerId !== null;
  const query = preparedQuery(db, `posts_one_${signedIn ? 'viewer' : 'visitor'}`, (name) =>
    selectPosts(db, signedIn ? sql.placeholder('viewerId') : null, eq(posts.id, sql.placeholder('postId')))
      .limit(1)
      .prepare(name),
  );
  return presentPosts(viewerId, await query.execute({ postId, viewerId }))[0] ?? null;
}
