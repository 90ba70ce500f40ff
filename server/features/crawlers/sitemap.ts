import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import type { FastifyInstance } from 'fastify';

/** The blog and content pages, as the site feature reads them at start (`app.siteContent`). */
type SiteContent = FastifyInstance['siteContent'];

/** The namespace of the sitemaps protocol (https://www.sitemaps.org/protocol.html). */
export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * About how many URLs one sitemap file holds. The protocol allows 50,000 (and 50 MB); a tenth
 * of that keeps a file near 1.5 MB, built in memory at once.
 */
export const SITEMAP_PAGE_SIZE = 5_000;

/** The protocol's limit of URLs in one file: no file is ever longer, whatever the estimate said. */
export const SITEMAP_MAX_URLS = 50_000;

/** At most 16³ = 4,096 files of a kind (20 million rows at 5,000 a file). */
const MAX_PREFIX_DIGITS = 3;

/** Below this many rows (the planner's estimate), a kind's rows are counted exactly: cheap, and exact. */
const COUNT_EXACTLY_BELOW = 50_000;

/** The kinds of content with sitemaps of their own, in the order the index lists them. */
export const SITEMAP_KINDS = ['groups', 'sessions', 'questions'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** One `<url>` of a sitemap: its absolute address and when its page last changed (W3C datetime). */
export interface SitemapUrl {
  loc: string;
  lastmod: string | null;
}

/** One `<sitemap>` of the index. */
export interface SitemapFile {
  /** The file's path at the site's root, e.g. `/sitemaps/questions-a.xml`. */
  path: string;
  lastmod: string | null;
}

/** A timestamp as a W3C datetime in UTC, to the second (`2026-11-27T14:30:00+00:00`). */
const w3c = (value: SQL) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"')`;

/**
 * What a signed-out visitor may see of each kind, as SQL: every group and session, and the
 * questions that are neither pending approval, hidden by the host, nor merged into another (the
 * surviving question is the page to index). `table` is the kind's own table (its size is the
 * planner's estimate), `key` its primary key, `lastmod` when the page last changed.
 */
const KINDS: Record<SitemapKind, { table: string; from: SQL; visible: SQL; key: SQL; lastmod: SQL; columns: SQL }> = {
  groups: {
    table: 'groups',
    from: sql`groups g`,
    visible: sql`true`,
    key: sql`g.id`,
    // new posts and questions change the group's page too
    lastmod: sql`greatest(g.updated_at, g.last_activity_at)`,
    columns: sql`g.slug as slug, null::uuid as question_id`,
  },
  sessions: {
    table: 'ama_sessions',
    from: sql`ama_sessions s`,
    visible: sql`true`,
    key: sql`s.id`,
    lastmod: sql`greatest(s.updated_at, s.calendar_changed_at, s.started_at, s.ended_at)`,
    columns: sql`null::text as slug, null::uuid as question_id`,
  },
  questions: {
    table: 'questions',
    from: sql`questions q join groups g on g.id = q.group_id left join answers a on a.question_id = q.id`,
    visible: sql`q.status <> 'pending' and not q.is_hidden and q.merged_into_id is null`,
    key: sql`q.id`,
    lastmod: sql`greatest(q.updated_at, q.answered_at, a.updated_at)`,
    columns: sql`g.slug as slug, q.id as question_id`,
  },
};

/**
 * How many hex digits of the id name a kind's files: 0 (one file) while `rows` fit in one, else
 * enough for `rows / 16^digits` to fit. Ids are random (UUID v4), so the files of one length of
 * prefix share the rows evenly: each holds about `rows / 16^digits`, far below the protocol's
 * 50,000 even when the estimate is several times short.
 */
export function prefixDigits(rows: number, pageSize: number): number {
  let digits = 0;
  while (digits < MAX_PREFIX_DIGITS && rows / 16 ** digits > pageSize) digits += 1;
  return digits;
}

/** The path of a kind's sitemap of the ids that begin with `prefix` (all of them without one). */
export function sitemapPath(kind: SitemapKind, prefix: string | null): string {
  return prefix ? `/sitemaps/${kind}-${prefix}.xml` : `/sitemaps/${kind}.xml`;
}

/** `questions.xml` or `questions-3f.xml` → the kind and the prefix of its ids; null for any other name. */
export function parseSitemapName(name: string): { kind: SitemapKind; prefix: string | null } | null {
  const match = new RegExp(`^([a-z]+)(?:-([0-9a-f]{1,${MAX_PREFIX_DIGITS}}))?\\.xml$`).exec(name);
  const kind = SITEMAP_KINDS.find((candidate) => candidate === match?.[1]);
  if (!match || !kind) return null;
  return { kind, prefix: match[2] ?? null };
}

/** 32 hex digits as a UUID's text. */
const asUuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** The ids that begin with `prefix`, as a range of the primary key: `[from, to)`, `to` null after the last. */
export function prefixRange(prefix: string): { from: string; to: string | null } {
  const next = parseInt(prefix, 16) + 1;
  const to = next < 16 ** prefix.length ? next.toString(16).padStart(prefix.length, '0') : null;
  return { from: asUuid(prefix.padEnd(32, '0')), to: to === null ? null : asUuid(to.padEnd(32, '0')) };
}

/**
 * About how many rows of `kind` a signed-out visitor may see: the planner's estimate of the whole
 * table (pg_class, no scan) when it is large, where a little too many only makes the files
 * smaller; counted exactly when it is small.
 */
async function estimateRows(db: Queryable, kind: SitemapKind): Promise<number> {
  const { table, from, visible } = KINDS[kind];
  const estimate = await db.execute<{ rows: number }>(
    sql`select greatest(reltuples, 0)::float8 as rows from pg_class where oid = to_regclass(${table})`,
  );
  const rows = Number(estimate.rows[0]?.rows ?? 0);
  if (rows >= COUNT_EXACTLY_BELOW) return rows;
  const counted = await db.execute<{ rows: number }>(sql`select count(*)::int as rows from ${from} where ${visible}`);
  return Number(counted.rows[0]?.rows ?? 0);
}

/**
 * The files of one kind: one for all of it while it fits, else one per prefix of its ids (a
 * range of the primary key), so the index costs no scan of the rows however many there are, and
 * a file's name keeps its meaning as rows come and go. No lastmod: it would take that scan.
 */
export async function sitemapFilesOf(db: Queryable, kind: SitemapKind, pageSize: number): Promise<SitemapFile[]> {
  const digits = prefixDigits(await estimateRows(db, kind), pageSize);
  if (digits === 0) return [{ path: sitemapPath(kind, null), lastmod: null }];
  return Array.from({ length: 16 ** digits }, (_, index) => ({
    path: sitemapPath(kind, index.toString(16).padStart(digits, '0')),
    lastmod: null,
  }));
}

/**
 * The URLs of one sitemap file: the visible rows of `kind` whose ids begin with `prefix` (all
 * without one), in id order: one range of the primary key's index, at most 50,000 rows.
 */
export async function sitemapUrlsOf(options: {
  db: Queryable;
  kind: SitemapKind;
  prefix: string | null;
  publicUrl: string;
}): Promise<SitemapUrl[]> {
  const { db, kind, prefix, publicUrl } = options;
  const { from, visible, key, lastmod, columns } = KINDS[kind];
  const range = prefix === null ? null : prefixRange(prefix);
  const inRange =
    range === null
      ? sql``
      : sql`and ${key} >= ${range.from}::uuid ${range.to === null ? sql`` : sql`and ${key} < ${range.to}::uuid`}`;
  const result = await db.execute<{ key: string; slug: string | null; question_id: string | null; lastmod: string }>(
    sql`select ${key} as key, ${columns}, ${w3c(lastmod)} as lastmod
        from ${from}
        where ${visible} ${inRange}
        order by ${key}
        limit ${SITEMAP_MAX_URLS}::int`,
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
