import { sql } from 'drizzle-orm';
import { DISCOVERY_LIMITS, type FeedItem, type FeedResponse } from '#shared/schemas/discovery.ts';
import type { PostImage } from '#shared/schemas/posts.ts';
import type { Database } from '../../db/client.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { decodeCursor, encodeCursor } from '../groups/cursor.ts';
import { requireViewer } from '../groups/host-only.ts';
import { myGroupIds } from './my-groups.ts';

interface FeedRow {
  kind: 'post' | 'answer';
  id: string;
  /** created_at in UTC to the microsecond (raw queries get timestamps as text). */
  cursor_time: string;
  body: string;
  images: PostImage[] | null;
  question_id: string | null;
  question_body: string | null;
  group_id: string;
  group_slug: string;
  group_name: string;
  group_image: string;
  author_id: string;
  author_username: string;
  author_name: string;
  author_image: string;
}

function presentFeedItem(row: FeedRow): FeedItem {
  return {
    kind: row.kind,
    id: row.id,
    createdAt: new Date(row.cursor_time).toISOString(),
    group: { id: row.group_id, slug: row.group_slug, name: row.group_name, groupImage: row.group_image },
    author: {
      id: row.author_id,
      username: row.author_username,
      name: row.author_name,
      profileImageURL: row.author_image,
    },
    body: row.body,
    images: row.images ?? [],
    question: row.question_id ? { id: row.question_id, body: row.question_body ?? '' } : null,
  };
}

/** A column of the feed's statement, by its name there. */
const column = <T>(name: string) => sql<T>`${sql.identifier(name)}`;

/**
 * A page of the viewer's feed, first or after a cursor: one prepared statement per shape. A
 * UNION ALL of posts and answers (answers of hidden questions left out), each branch cut to a
 * page per group in the order of its (group_id, created_at desc) index (a lateral join over the
 * viewer's groups: a very large group costs a page, not all its rows), with a keyset cursor on
 * (created_at, id); ids are random UUIDs, so a post and an answer never share one. Both are
 * chosen from their index alone (posts_group_created_idx, and answers_group_visible_idx, which
 * holds only answers whose question is not hidden: index-only scans) and only the page's rows
 * are read whole: reading every group's page of rows whole, and looking up each candidate
 * answer's question, was most of the feed's time.
 */
function pageQuery(db: Database, after: boolean) {
  return preparedQuery(db, `discovery_feed_${after ? 'after' : 'first'}`, (name) => {
    const viewerId = sql.placeholder('viewerId');
    const limit = sql.raw(String(DISCOVERY_LIMITS.pageSize + 1));
    const before = (table: string) =>
      after
        ? sql`and (${sql.raw(table)}.created_at, ${sql.raw(table)}.id) < (${sql.placeholder('time')}::timestamptz, ${sql.placeholder('id')}::uuid)`
        : sql``;
    const groupIds = myGroupIds(viewerId, { isFollowedIncluded: true });
    return db
      .select({
        kind: column<FeedRow['kind']>('kind'),
        id: column<string>('id'),
        body: column<string>('body'),
        images: column<PostImage[] | null>('images'),
        question_id: column<string | null>('question_id'),
        question_body: column<string | null>('question_body'),
        cursor_time: column<string>('cursor_time'),
        group_id: column<string>('group_id'),
        group_slug: column<string>('group_slug'),
        group_name: column<string>('group_name'),
        group_image: column<string>('group_image'),
        author_id: column<string>('author_id'),
        author_username: column<string>('author_username'),
        author_name: column<string>('author_name'),
        author_image: column<string>('author_image'),
      })
      .from(
        sql`(with mine as ${groupIds}
        select items.kind, items.id, items.body, items.images, items.question_id, items.question_body, items.created_at,
          to_char(items.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_time,
          g.id as group_id, g.slug as group_slug, g.name as group_name, g.group_image,
          u.id as author_id, u.username as author_username, u.name as author_name, u.profile_image_url as author_image
        from (
          (select 'post' as kind, p.id, p.created_at, p.group_id, p.author_id, p.body, p.images,
              null::uuid as question_id, null::text as question_body
            from (
              select newest.id, newest.created_at from mine cross join lateral (
                select p.id, p.created_at from posts p
                where p.group_id = mine.group_id ${before('p')}
                order by p.created_at desc, p.id desc
                limit ${limit}) as newest
              order by newest.created_at desc, newest.id desc
              limit ${limit}) as page
            join posts p on p.id = page.id
            order by p.created_at desc, p.id desc
            limit ${limit})
          union all
          (select 'answer' as kind, a.id, a.created_at, a.group_id, a.author_id, a.body, null::jsonb as images,
              a.question_id, q.body as question_body
            from (
              select newest.id, newest.created_at from mine cross join lateral (
                select a.id, a.created_at from answers a
                where a.group_id = mine.group_id and not a.question_hidden ${before('a')}
                order by a.created_at desc, a.id desc
                limit ${limit}) as newest
              order by newest.created_at desc, newest.id desc
              limit ${limit}) as page
            join answers a on a.id = page.id
            join questions q on q.id = a.question_id
            order by a.created_at desc, a.id desc
            limit ${limit})
        ) as items
        join groups g on g.id = items.group_id
        join users u on u.id = items.author_id) as feed`,
      )
      .orderBy(sql`feed.created_at desc, feed.id desc`)
      .limit(DISCOVERY_LIMITS.pageSize + 1)
      .prepare(name);
  });
}

/**
 * One page of the viewer's home feed: the posts and answers of the groups they keep up with
 * (subscribed, member, host, or hosted by someone they follow), newest first. One prepared
 * statement (see `pageQuery`).
 */
export async function listFeed(options: {
  db: Database;
  viewer: Viewer | null;
  cursor?: string | undefined;
}): Promise<FeedResponse> {
  const viewer = requireViewer(options.viewer);
  const limit = DISCOVERY_LIMITS.pageSize;
  const after = options.cursor ? decodeCursor(options.cursor, { key: 'time', id: 'uuid' }) : null;
  const rows: FeedRow[] = await pageQuery(options.db, after !== null).execute({
    viewerId: viewer.id,
    ...(after ? { time: after.key, id: after.id } : {}),
  });

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(presentFeedItem),
    nextCursor: rows.length > limit && last ? encodeCursor(last.cursor_time, last.id) : null,
  };
}
