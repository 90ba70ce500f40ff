import { sql } from 'drizzle-orm';
import { DISCOVERY_LIMITS, type FeedItem, type FeedResponse } from '#shared/schemas/discovery.ts';
import type { PostImage } from '#shared/schemas/posts.ts';
import type { Database } from '../../db/client.ts';
import { currentSnapshot, pageScope, personScope, serveChosenPage, type PageCache } from '../../lib/page-cache.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { myGroupIds } from './my-groups.ts';
import { decodeKeyset, encodeKeyset } from '../../lib/keyset.ts';
import { requireViewer } from '../../lib/viewer.ts';

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
 * How many of the site's newest posts (and, apart, answers) the feed's first try looks through.
 * Someone who follows busy groups finds a page there; anyone else is served by the walk of each of
 * their groups, at the cost of this many index entries looked through in vain.
 */
export const FEED_WINDOW = 2_000;

/**
 * A page of the viewer's feed, first or after a cursor: one prepared statement per shape, with a
 * keyset cursor on (created_at, id); ids are random UUIDs, so a post and an answer never share
 * one. Posts and answers (those of hidden questions left out) are each chosen in two ways, and
 * PostgreSQL runs only one of them (one-time filters on the first's count):
 *
 * - the first try walks the site's newest (posts_created_group_idx,
 *   answers_visible_created_group_idx: index-only), at most FEED_WINDOW entries, and keeps those
 *   of the viewer's groups; when it finds a page, that page is exact: a newer item of those groups
 *   would have been in the window;
 * - otherwise, a page per group in the order of its (group_id, created_at desc) index (a lateral
 *   join over the viewer's groups: a very large group costs a page, not all its rows).
 *
 * The group test is a hashed subplan (`… in (…) is true` keeps PostgreSQL from turning it into a
 * join, which reads the whole window before it sorts). Only the page's 20 items are then read
 * whole, with their group, author and question.
 */
function pageQuery(db: Database, after: boolean) {
  return preparedQuery(db, `discovery_feed_${after ? 'after' : 'first'}`, (name) => {
    const viewerId = sql.placeholder('viewerId');
    const limit = sql.raw(String(DISCOVERY_LIMITS.pageSize + 1));
    const window = sql.raw(String(FEED_WINDOW));
    const before = (table: string) =>
      after
        ? sql`and (${sql.raw(table)}.created_at, ${sql.raw(table)}.id) < (${sql.placeholder('time')}::timestamptz, ${sql.placeholder('id')}::uuid)`
        : sql``;
    const groupIds = myGroupIds(viewerId, { isFollowedIncluded: true });
    // one half of the feed (posts, or visible answers): `recent` is the first try's CTE
    const half = (kind: FeedRow['kind'], recent: string, table: string, visible: string) => {
      const [t, r, k] = [sql.raw(table), sql.raw(recent), sql.raw(`'${kind}'`)];
      return {
        recent: sql`${r} as (
          select w.id, w.created_at from (
            select t.id, t.created_at, t.group_id from ${t} as t
            where ${sql.raw(visible)} ${before('t')}
            order by t.created_at desc, t.id desc
            limit ${window}) as w
          where (w.group_id in (select group_id from mine)) is true
          order by w.created_at desc, w.id desc
          limit ${limit})`,
        candidates: sql`(select ${k} as kind, id, created_at from ${r} where (select count(*) from ${r}) = ${limit})
          union all
          (select ${k}, newest.id, newest.created_at
            from mine cross join lateral (
              select t.id, t.created_at from ${t} as t
              where t.group_id = mine.group_id and ${sql.raw(visible)} ${before('t')}
              order by t.created_at desc, t.id desc
              limit ${limit}) as newest
            where (select count(*) from ${r}) < ${limit}
            order by newest.created_at desc, newest.id desc
            limit ${limit})`,
      };
    };
    const posts = half('post', 'recent_posts', 'posts', 'true');
    const answers = half('answer', 'recent_answers', 'answers', 'not t.question_hidden');
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
        sql`(with mine as ${groupIds}, ${posts.recent}, ${answers.recent},
        page as (
          select * from (${posts.candidates} union all ${answers.candidates}) as candidates
          order by created_at desc, id desc
          limit ${limit})
        select page.kind, page.id, page.created_at, coalesce(p.body, a.body) as body, p.images,
          a.question_id, q.body as question_body,
          to_char(page.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_time,
          g.id as group_id, g.slug as group_slug, g.name as group_name, g.group_image,
          u.id as author_id, u.username as author_username, u.name as author_name, u.profile_image_url as author_image
        from page
        left join posts p on page.kind = 'post' and p.id = page.id
        left join answers a on page.kind = 'answer' and a.id = page.id
        left join questions q on q.id = a.question_id
        join groups g on g.id = coalesce(p.group_id, a.group_id)
        join users u on u.id = coalesce(p.author_id, a.author_id)) as feed`,
      )
      .orderBy(sql`feed.created_at desc, feed.id desc`)
      .limit(DISCOVERY_LIMITS.pageSize + 1)
      .prepare(name);
  });
}

/**
 * What a page of the viewer's feed is chosen from (decision 035), read before the page: the
 * snapshot, and the scopes of the viewer's groups' questions and answers ('queue') and posts, and
 * of the people they follow (a group they host, new or gone, changes the feed). The viewer's own
 * scope covers what they keep up with, and the page's items add their groups' rows.
 */
function scopesQuery(db: Database) {
  return preparedQuery(db, 'discovery_feed_scopes', (name) => {
    const viewerId = sql.placeholder('viewerId');
    const groupIds = myGroupIds(viewerId, { isFollowedIncluded: true });
    return db
      .select({
        snapshot: currentSnapshot,
        scopes: sql<string[]>`array(
          select page_scope(mine.group_id, kind.name) from ${groupIds} as mine (group_id),
            (values ('queue'), ('posts')) as kind (name)
          union all select person_scope(followed_id) from follows where follower_id = ${viewerId})::text[]`,
      })
      .from(sql`(values (1)) as one (x)`)
      .prepare(name);
  });
}

/**
 * One page of the viewer's home feed: the posts and answers of the groups they keep up with
 * (subscribed, member, host, or hosted by someone they follow), newest first. One prepared
 * statement (see `pageQuery`); with a `cache`, served again until something it shows or was
 * chosen from changes (decision 035): then a statement before it reads what it is chosen from.
 */
export async function listFeed(options: {
  db: Database;
  viewer: Viewer | null;
  cursor?: string | undefined;
  cache?: PageCache<FeedResponse> | undefined;
}): Promise<FeedResponse> {
  const viewer = requireViewer(options.viewer);
  const { db, cache } = options;
  const limit = DISCOVERY_LIMITS.pageSize;
  const after = options.cursor ? decodeKeyset(options.cursor, { key: 'time', id: 'uuid' }) : null;
  const readPage = async () => {
    const rows: FeedRow[] = await pageQuery(db, after !== null).execute({
      viewerId: viewer.id,
      ...(after ? { time: after.key, id: after.id } : {}),
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const value: FeedResponse = {
      items: page.map(presentFeedItem),
      nextCursor: rows.length > limit && last ? encodeKeyset(last.cursor_time, last.id) : null,
    };
    return { rows: page, value };
  };
  const key = JSON.stringify([viewer.id, after?.key ?? null, after?.id ?? null]);
  return serveChosenPage(cache, db, key, {
    chosenFrom: async () => {
      const [row] = await scopesQuery(db).execute({ viewerId: viewer.id });
      return row && { snapshot: row.snapshot, scopes: [personScope(viewer.id), ...row.scopes] };
    },
    read: readPage,
    // an item's author, renamed, changes the scope of the group they wrote in (migration 0028)
    shownScopes: (rows) => rows.map((row) => pageScope(row.group_id, 'group')),
  });
}
