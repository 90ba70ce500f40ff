import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import type { PostListResponse } from '#shared/schemas/posts.ts';
import type { Database } from '../../db/client.ts';
import { posts } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { currentSnapshot, pageScope, servePage, type PageCache } from '../../lib/page-cache.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { findGroupOwner } from '../groups/public.ts';
import { presentPosts, selectPosts } from './post-query.ts';
import { decodeKeyset, encodeKeyset } from '../../lib/keyset.ts';
import { isUuid } from '../../lib/ids.ts';

/** A page of posts, first or after a cursor, for a viewer or a visitor: one prepared query per shape. */
function pageQuery(db: Database, shape: { after: boolean; signedIn: boolean }) {
  const { after, signedIn } = shape;
  return preparedQuery(db, `posts_page_${after ? 'after' : 'first'}_${signedIn ? 'viewer' : 'visitor'}`, (name) => {
    const conditions: SQL[] = [eq(posts.groupId, sql.placeholder('groupId'))];
    if (after) {
      conditions.push(
        sql`(${posts.createdAt}, ${posts.id}) < (${sql.placeholder('time')}::timestamptz, ${sql.placeholder('id')}::uuid)`,
      );
    }
    return selectPosts(db, signedIn ? sql.placeholder('viewerId') : null, sql.join(conditions, sql` and `), {
      snapshot: currentSnapshot.as('snapshot'),
    })
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  });
}

/**
 * One page of a group's posts, newest first, keyset on (created_at, id) in the order of
 * posts_group_created_idx, each with its author, the viewer's like and its newest likers: one
 * statement; a page without posts asks whether the group exists (404 otherwise). With `cache`, a
 * page is served again until something it shows changes (server/lib/page-cache.ts, decision 034).
 */
export async function listPosts(options: {
  db: Database;
  viewer: Viewer | null;
  groupId: string;
  cursor?: string | undefined;
  limit: number;
  cache?: PageCache<PostListResponse> | undefined;
}): Promise<PostListResponse> {
  const { db, groupId, limit } = options;
  const viewerId = options.viewer?.id ?? null;
  if (!isUuid(groupId)) throw notFound(GROUP_MESSAGES.notFound);
  const after = options.cursor ? decodeKeyset(options.cursor, { key: 'time', id: 'uuid' }) : null;
  // one page per viewer: it carries their likes
  const key = JSON.stringify([viewerId, groupId, limit, options.cursor]);
  return servePage(options.cache, db, key, async () => {
    const rows = await pageQuery(db, { after: after !== null, signedIn: viewerId !== null }).execute({
      groupId,
      viewerId,
      limit: limit + 1,
      ...(after ? { time: after.key, id: after.id } : {}),
    });
    if (rows.length === 0 && (await findGroupOwner(db, groupId)) === undefined) {
      throw notFound(GROUP_MESSAGES.notFound);
    }
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const result: PostListResponse = {
      posts: presentPosts(viewerId, page),
      nextCursor: rows.length > limit && last ? encodeKeyset(last.cursorTime, last.id) : null,
    };
    // an empty page was answered by another statement (the group's existence): not kept
    return {
      value: result,
      source: rows[0] ? { scopes: [pageScope(groupId, 'posts')], snapshot: rows[0].snapshot } : undefined,
    };
  });
}
