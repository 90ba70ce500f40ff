import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';
import type { FastifyInstance } from 'fastify';

/** The blog and content pages, as the site feature reads them at start (`app.siteContent`). */
type SiteContent = FastifyInstance['siteContent'];

/** The namespace of the sitemaps protocol (https://www.sitemaps.org/protocol.html). */
export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * URLs in one sitemap file. The protocol allows 50,000 (and 50 MB); a tenth of that keeps a
 * file near 1.5 MB, built in memory at once, and each file's query to one bounded index range.
 */
export const SITEMAP_PAGE_SIZE = 5_000;

/** The kinds of content with a sitemap of their own, in the order the index lists them. */
export const SITEMAP_KINDS = ['groups', 'sessions', 'questions'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** One `<url>` of a sitemap: its absolute address and when its page last changed (W3C datetime). */
export interface SitemapUrl {
  loc: string;
  lastmod: string | null;
}

/** One `<sitemap>` of the index. */
export interface SitemapFile {
  /** The file's path at the site's root, e.g. `/sitemaps/questions.xml`. */
  path: string;
  lastmod: string | null;
}

/** A timestamp column as a W3C datetime in UTC, to the second (`2026-11-27T14:30:00+00:00`). */
const w3c = (value: SQL) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"')`;

/**
 * What a signed-out visitor may see of each kind, as SQL: every group and session, and the
 * questions that are neither pending approval, hidden by the host, nor merged into another (the
 * surviving question is the page to index). `key` orders the rows (the primary key, so a file
 * is one range of its index) and `lastmod` is when the page last changed.
 */
const KINDS: Record<SitemapKind, { from: SQL; key: SQL; lastmod: SQL; columns: SQL }> = {
  groups: {
    from: sql`groups g`,
    key: sql`g.id`,
    // new posts and questions change the group's page too
    lastmod: sql`greatest(g.updated_at, g.last_activity_at)`,
    columns: sql`g.slug as slug, null::uuid as question_id`,
  },
  sessions: {
    from: sql`ama_sessions s`,
    key: sql`s.id`,
    lastmod: sql`greatest(s.updated_at, s.calendar_changed_at, s.started_at, s.ended_at)`,
    columns: sql`null::text as slug, null::uuid as question_id`,
  },
  questions: {
    from: sql`questions q
      join groups g on g.id = q.group_id
      left join answers a on a.question_id = q.id
      where q.status <> 'pending' and not q.is_hidden and q.merged_into_id is null`,
    key: sql`q.id`,
    lastmod: sql`greatest(q.updated_at, q.answered_at, a.updated_at)`,
    columns: sql`g.slug as slug, q.id as question_id`,
  },
};

/** `where` or `and`, after a `from` that may already hold a where clause. */
const whereOr = (kind: SitemapKind) => (kind === 'questions' ? sql`and` : sql`where`);

/** The path of a kind's sitemap that starts at `first` (the first file of a kind has no key in its name). */
export function sitemapPath(kind: SitemapKind, first: string | null): string {
  return first === null ? `/sitemaps/${kind}.xml` : `/sitemaps/${kind}-${first}.xml`;
}

/** `questions.xml` or `questions-<uuid>.xml` → the kind and the first key; null for any other name. */
export function parseSitemapName(name: string): { kind: SitemapKind; first: string | null } | null {
  const match = /^([a-z]+)(?:-([0-9a-f-]{36}))?\.xml$/.exec(name);
  const kind = SITEMAP_KINDS.find((candidate) => candidate === match?.[1]);
  if (!match || !kind) return null;
  const first = match[2] ?? null;
  if (first !== null && !isUuid(first)) return null;
  return { kind, first };
}

/**
 * The files of one kind: one per `pageSize` rows in key order, each named by its first key (the
 * first file by the kind alone, so its name never moves) with its newest lastmod. One pass over
 * the kind's visible rows: the index is fetched rarely, and cached by its readers.
 */
export async function sitemapFilesOf(db: Queryable, kind: SitemapKind, pageSize: number): Promise<SitemapFile[]> {
  const { from, key, lastmod } = KINDS[kind];
  const result = await db.execute<{ page: number; first: string; lastmod: string | null }>(sql`
    select page, max(key::text) filter (where position = 0) as first, ${w3c(sql`max(lastmod)`)} as lastmod
    from (
      select ${key} as key, ${lastmod} as lastmod,
             ((row_number() over (order by ${key})) - 1) / ${pageSize}::int as page,
             ((row_number() over (order by ${key})) - 1) % ${pageSize}::int as position
      from ${from}
    ) rows
    group by page
    order by page`);
  return result.rows.map((row, index) => ({
    path: sitemapPath(kind, index === 0 ? null : row.first),
    lastmod: row.lastmod,
  }));
}

/** The URLs of one sitemap file: `pageSize` visible rows of `kind` from the key `first` on, in key order. */
export async function sitemapUrlsOf(options: {
  db: Queryable;
  kind: SitemapKind;
  first: string | null;
  pageSize: number;
  publicUrl: string;
}): Promise<SitemapUrl[]> {
  const { db, kind, first, pageSize, publicUrl } = options;
  const { from, key, lastmod, columns } = KINDS[kind];
  const start = first === null ? sql`` : sql`${whereOr(kind)} ${key} >= ${first}::uuid`;
  const result = await db.execute<{ key: string; slug: string | null; question_id: string | null; lastmod: string }>(
    sql`select ${key} as key, ${columns}, ${w3c(lastmod)} as lastmod
        from ${from} ${start}
        order by ${key}
        limit ${pageSize}::int`,
  );
  return result.rows.map((row) => {
    const slug = encodeURIComponent(row.slug ?? '');
    const path =
      kind === 'groups'
        ? `/group/${slug}`
        : kind === 'sessions'
          ? `/event/${row.key}`
          : `/group/${slug}/question/${row.question_id ?? ''}`;
    return { loc: `${publicUrl}${path}`, lastmod: row.lastmod };
  });
}

/** The newest lastmod of the groups and of the sessions: the group and event lists change with them. */
async function listsLastmod(db: Queryable): Promise<{ groups: string | null; sessions: string | null }> {
  const result = await db.execute<{ groups: string | null; sessions: string | null }>(sql`
    select (select ${w3c(sql`max(${KINDS.groups.lastmod})`)} from groups g) as groups,
           (select ${w3c(sql`max(${KINDS.sessions.lastmod})`)} from ama_sessions s) as sessions`);
  return result.rows[0] ?? { groups: null, sessions: null };
}

const newest = (...values: (string | null | undefined)[]): string | null =>
  values
    .filter((value): value is string => typeof value === 'string')
    .sort()
    .at(-1) ?? null;

/** A content file's day as a W3C datetime (midnight UTC). */
const dayToW3c = (day: string | null | undefined) => (day ? `${day}T00:00:00+00:00` : null);

/**
 * The site's own pages: home, the group and event lists, the blog and its posts, and the content
 * pages, with lastmod where the server knows it.
 */
export async function staticSitemapUrls(options: {
  db: Queryable;
  content: SiteContent;
  publicUrl: string;
}): Promise<SitemapUrl[]> {
  const { db, content, publicUrl } = options;
  const lists = await listsLastmod(db);
  const blog = dayToW3c(content.posts[0]?.date);
  const page = (name: string) => ({ loc: `${publicUrl}/${name}`, lastmod: dayToW3c(content.page(name)?.updated) });
  return [
    { loc: `${publicUrl}/`, lastmod: newest(lists.groups, lists.sessions, blog) },
    { loc: `${publicUrl}/groups`, lastmod: lists.groups },
    { loc: `${publicUrl}/events`, lastmod: lists.sessions },
    { loc: `${publicUrl}/creator`, lastmod: null },
    { loc: `${publicUrl}/blog`, lastmod: blog },
    ...content.posts.map((post) => ({ loc: `${publicUrl}/blog/${post.slug}`, lastmod: dayToW3c(post.date) })),
    page('about'),
    page('support'),
    { loc: `${publicUrl}/contact`, lastmod: null },
    page('privacy-policy'),
    page('terms-of-service'),
  ];
}

/** The sitemap index: the site's pages, then each kind's files. */
export async function sitemapIndex(options: {
  db: Queryable;
  content: SiteContent;
  pageSize: number;
}): Promise<SitemapFile[]> {
  const { db, content, pageSize } = options;
  const files: SitemapFile[] = [{ path: '/sitemaps/pages.xml', lastmod: dayToW3c(content.posts[0]?.date) }];
  for (const kind of SITEMAP_KINDS) files.push(...(await sitemapFilesOf(db, kind, pageSize)));
  return files;
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A `<urlset>` document. */
export function urlsetXml(urls: SitemapUrl[]): string {
  const entries = urls.map(
    ({ loc, lastmod }) =>
      `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`,
  );
  return `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NAMESPACE}">\n${entries.join('')}</urlset>\n`;
}

/** A `<sitemapindex>` document naming each file by its absolute address. */
export function sitemapIndexXml(files: SitemapFile[], publicUrl: string): string {
  const entries = files.map(
    ({ path, lastmod }) =>
      `  <sitemap><loc>${escapeXml(`${publicUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>\n`,
  );
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${entries.join('')}</sitemapindex>\n`;
}
