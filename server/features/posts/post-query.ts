import { eq, type SQL } from 'drizzle-orm';
import type { Post } from '#shared/schemas/posts.ts';
import type { Queryable } from '../../db/client.ts';
import { groups, posts, users } from '../../db/schema/index.ts';
import { cursorTime } from '../groups/cursor.ts';
import { loadLikedBy } from './liked-by.ts';
import { postColumns, presentPost } from './presenter.ts';

/** Posts matching `where` with their author, the group's host and the viewer's like; callers add order and limit. */
export function selectPosts(db: Queryable, viewerId: string | null, where: SQL | undefined) {
  return db
    .select({ ...postColumns(viewerId ?? ''), ownerId: groups.ownerId, cursorTime: cursorTime(posts.createdAt) })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .innerJoin(groups, eq(groups.id, posts.groupId))
    .where(where)
    .$dynamic();
}

type SelectedPost = Awaited<ReturnType<typeof selectPosts>>[number];

/** Rows of `selectPosts` for the API, with 'liked by' for all of them in one more query. */
export async function presentPosts(db: Queryable, viewerId: string | null, rows: SelectedPost[]): Promise<Post[]> {
  const likedBy = await loadLikedBy(db, 'post', rows);
  return rows.map((row) =>
    presentPost(row, {
      viewerId,
      ownerId: row.ownerId,
      likedBy: likedBy.get(row.id) ?? { people: [], total: row.likeCount },
    }),
  );
}

/** One post for the API, or null. */
export async function loadPost(db: Queryable, viewerId: string | null, postId: string): Promise<Post | null> {
  const rows = await selectPosts(db, viewerId, eq(posts.id, postId)).limit(1);
  const [post] = await presentPosts(db, viewerId, rows);
  return post ?? null;
}
