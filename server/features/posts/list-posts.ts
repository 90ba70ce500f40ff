import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import type { PostListResponse } from '#shared/schemas/posts.ts';
import type { Queryable } from '../../db/client.ts';
import { groups, posts } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { decodeCursor, encodeCursor, isGroupId } from '../groups/cursor.ts';
import { presentPosts, selectPosts } from './post-query.ts';

/**
 * One page of a group's posts, newest first, keyset on (created_at, id) in the order of
 * posts_group_created_idx. Three queries whatever the page size: the group, the posts (with
 * author and the viewer's like) and the newest likers of all of them.
 */
export async function listPosts(options: {
  db: Queryable;
  viewer: Viewer | null;
  groupId: string;
  cursor?: string | undefined;
  limit: number;
}): Promise<PostListResponse> {
  const { db, groupId, limit } = options;
  const viewerId = options.viewer?.id ?? null;
  if (!isGroupId(groupId)) throw notFound(GROUP_MESSAGES.notFound);
  const conditions: SQL[] = [eq(posts.groupId, groupId)];
  if (options.cursor) {
    const after = decodeCursor(options.cursor, { key: 'time', id: 'uuid' });
    conditions.push(sql`(${posts.createdAt}, ${posts.id}) < (${after.key}::timestamptz, ${after.id}::uuid)`);
  }
  const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).limit(1);
  if (!group) throw notFound(GROUP_MESSAGES.notFound);
  const rows = await selectPosts(db, viewerId, and(...conditions))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    posts: await presentPosts(db, viewerId, page),
    nextCursor: rows.length > limit && last ? encodeCursor(last.cursorTime, last.id) : null,
  };
}
