import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import robotsParserModule from 'robots-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, type questions } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { buildGroup, buildQuestion, buildSession, signUp, uniqueSuffix } from '../../test/factories.ts';
import { securityTxt } from './site-texts.ts';
import { loadConfig } from '../../config/env.ts';
import {
  parseSitemapName,
  prefixDigits,
  prefixRange,
  SITEMAP_NAMESPACE,
  sitemapFilesOf,
  sitemapUrlsOf,
} from './sitemap.ts';

// robots-parser is CommonJS (module.exports is the function), which its types do not say in a way TypeScript calls
const robotsParser = robotsParserModule as unknown as (
  url: string,
  text: string,
) => { isAllowed(url: string, userAgent?: string): boolean | undefined; getSitemaps(): string[] };

const PUBLIC_URL = 'http://townhall.test';
/** W3C datetime, as the sitemaps protocol asks for lastmod. */
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

let app: FastifyInstance;
/** A group with an odd but valid slug, its session, and questions of every state (made before any index is read). */
let seeded: {
  slug: string;
  groupId: string;
  sessionId: string;
  visible: string;
  answered: string;
  hidden: string;
  pending: string;
  merged: string;
};

beforeAll(async () => {
  app = await buildTestApp();
  const host = await signUp(app, 'smh');
  const asker = await signUp(app, 'sma');
  // hyphens at both ends and doubled: valid, if odd
  const slug = `-odd--${uniqueSuffix()}-`;
  const groupId = await buildGroup(app, host.id, { slug, name: 'Odd & <unusual> group', ama: true });
  const sessionId = await buildSession(app, { groupId, hostId: host.id });
  const question = (values: Partial<typeof questions.$inferInsert>) =>
    buildQuestion(app, { groupId, authorId: asker.id, body: 'A question?', ...values });
  const visible = await question({});
  seeded = {
    slug,
    groupId,
    sessionId,
    visible,
    answered: await question({ status: 'answered', answeredAt: new Date() }),
    hidden: await question({ isHidden: true }),
    pending: await question({ status: 'pending' }),
    merged: await question({ mergedIntoId: visible, mergedAt: new Date() }),
  };
});

afterAll(async () => {
  await app.close();
});

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'sitemap' });

type Entry = { loc: string; lastmod?: string };

/** A sitemap document, checked as XML by fast-xml-parser's validator, then read. */
function readXml(body: string): { root: 'urlset' | 'sitemapindex'; namespace: string; entries: Entry[] } {
  expect(XMLValidator.validate(body)).toBe(true);
  const document = parser.parse(body) as Record<string, Record<string, unknown>>;
  const root = 'urlset' in document ? 'urlset' : 'sitemapindex';
  const element = document[root] ?? {};
  const entries = (element[root === 'urlset' ? 'url' : 'sitemap'] ?? []) as Entry[];
  for (const entry of entries) {
    expect(entry.loc.startsWith(`${PUBLIC_URL}/`), entry.loc).toBe(true);
    expect(() => new URL(entry.loc)).not.toThrow();
    if (entry.lastmod !== undefined) expect(entry.lastmod).toMatch(W3C_DATETIME);
  }
  return { root, namespace: String(element['@_xmlns']), entries };
}

async function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

/** The sitemap file of `kind` that lists `id`: the kind's only one, or the one of its first hex digits. */
function fileFor(index: Entry[], kind: 'groups' | 'sessions' | 'questions', id: string): string {
  const files = index
    .map((entry) => new URL(entry.loc).pathname)
    .map((path) => ({ path, name: parseSitemapName(path.slice('/sitemaps/'.length)) }))
    .filter((file) => file.name?.kind === kind);
  expect(files.length).toBeGreaterThan(0);
  const hex = id.replace(/-/g, '');
  const file = files.find(({ name }) => name?.prefix === null || hex.startsWith(name?.prefix ?? '-'));
  return file?.path ?? '';
}

describe('robots.txt', () => {
  it('allows the public pages, keeps crawlers from the API and private pages, and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const parsed = robotsParser(`${PUBLIC_URL}/robots.txt`, response.body);
    expect(parsed.getSitemaps()).toEqual([`${PUBLIC_URL}/sitemap.xml`]);
    const allowed = [
      '/',
      '/groups',
      '/events',
      '/blog/introducing-townhall',
      '/group/some-group',
      '/group/some-group/question/0d5a2c43-4c3c-4d0b-8b2b-1f0b6f4b2a10',
      '/group/some-group/ledger',
      `/event/${randomUUID()}`,
      '/about',
      // prefixes of private pages that are someone's handle or another page
      '/creator',
      '/homer',
      '/searchlight',
      '/administrator',
      '/profile-of-ada',
      '/ada/followers',
    ];
    for (const path of allowed) expect(parsed.isAllowed(`${PUBLIC_URL}${path}`, 'Googlebot'), path).toBe(true);
    const disallowed = [
      '/api/groups',
      '/api/openapi.json',
      '/settings',
      '/settings/profile',
      '/admin',
      '/admin/users',
      '/dashboard',
      '/home',
      '/search',
      '/search?q=climate',
      '/login',
      '/calendar/secret-token.ics',
      `/event/${randomUUID()}/present`,
      `/event/${randomUUID()}/present?transparent=1`,
      `/event/${randomUUID()}/analytics`,
      '/group/some-group/analytics',
      '/group/some-group/edit',
    ];
    for (const path of disallowed) expect(parsed.isAllowed(`${PUBLIC_URL}${path}`, 'Googlebot'), path).toBe(false);
  });

  it('answers HEAD, and 304 to a crawler that has it', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/robots.txt' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const etag = String(head.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/robots.txt', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('sitemap.xml', () => {
  it('is an index of the site pages and of files of groups, sessions and questions', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=900');
    const index = readXml(response.body);
    expect(index.root).toBe('sitemapindex');
    expect(index.namespace).toBe(SITEMAP_NAMESPACE);
    const paths = index.entries.map((entry) => new URL(entry.loc).pathname);
    expect(paths[0]).toBe('/sitemaps/pages.xml');
    // beforeAll made a group, a session and questions: each kind has its first file
    for (const kind of ['groups', 'sessions', 'questions']) {
      // one file, or one for each first 1, 2 or 3 hex digits of the ids (a large run's database)
      const files = paths.filter((path) => parseSitemapName(path.slice('/sitemaps/'.length))?.kind === kind);
      expect([1, 16, 256, 4096]).toContain(files.length);
    }

    const etag = String(response.headers.etag);
    const again = await get('/sitemap.xml', { 'if-none-match': etag });
    expect([200, 304]).toContain(again.statusCode); // 200 only when another test wrote a row in between
    expect((await app.inject({ method: 'HEAD', url: '/sitemap.xml' })).statusCode).toBe(200);
  });

  it('lists the site pages and the blog posts', async () => {
    const response = await get('/sitemaps/pages.xml');
    expect(response.statusCode).toBe(200);
    const pages = readXml(response.body);
    expect(pages.root).toBe('urlset');
    expect(pages.namespace).toBe(SITEMAP_NAMESPACE);
    const locs = pages.entries.map((entry) => entry.loc);
    for (const path of ['/', '/groups', '/events', '/blog', '/blog/introducing-townhall', '/about', '/support']) {
      expect(locs).toContain(`${PUBLIC_URL}${path}`);
    }
    expect(locs).not.toContain(`${PUBLIC_URL}/settings`);
    const post = pages.entries.find((entry) => entry.loc === `${PUBLIC_URL}/blog/introducing-townhall`);
    expect(post?.lastmod).toBe('2026-09-15T00:00:00+00:00');
  });

  it('lists a public group, its session and its visible questions, but no hidden, pending or merged question', async () => {
    const { slug, groupId, sessionId, visible, answered, hidden, pending, merged } = seeded;
    const index = readXml((await get('/sitemap.xml')).body).entries;
    const locsOf = async (path: string) => {
      const response = await get(path);
      expect(response.statusCode, path).toBe(200);
      const sitemap = readXml(response.body);
      expect(sitemap.root).toBe('urlset');
      expect(sitemap.namespace).toBe(SITEMAP_NAMESPACE);
      return sitemap.entries;
    };

    const groupEntries = await locsOf(fileFor(index, 'groups', groupId));
    const groupEntry = groupEntries.find((entry) => entry.loc === `${PUBLIC_URL}/group/${slug}`);
    expect(groupEntry?.lastmod).toMatch(W3C_DATETIME);

    const sessionEntries = await locsOf(fileFor(index, 'sessions', sessionId));
    expect(sessionEntries.map((entry) => entry.loc)).toContain(`${PUBLIC_URL}/event/${sessionId}`);

    const questionUrl = (id: string) => `${PUBLIC_URL}/group/${slug}/question/${id}`;
    for (const id of [visible, answered]) {
      const entries = await locsOf(fileFor(index, 'questions', id));
      expect(entries.map((entry) => entry.loc)).toContain(questionUrl(id));
    }
    for (const id of [hidden, pending, merged]) {
      const entries = await locsOf(fileFor(index, 'questions', id));
      expect(entries.map((entry) => entry.loc)).not.toContain(questionUrl(id));
    }
  });

  it('escapes what XML would read as markup in an address', async () => {
    const host = await signUp(app, 'smx');
    // slugs are a-z, 0-9 and -, but a row is not obliged to be: the file must stay XML whatever it holds
    const slug = `a&b<c>"d'-${uniqueSuffix()}`;
    const groupId = await buildGroup(app, host.id, { slug });
    try {
      const index = readXml((await get('/sitemap.xml')).body).entries;
      const response = await get(fileFor(index, 'groups', groupId));
      const entries = readXml(response.body).entries;
      expect(entries.map((entry) => entry.loc)).toContain(`${PUBLIC_URL}/group/${encodeURIComponent(slug)}`);
    } finally {
      await app.db.delete(groups).where(eq(groups.id, groupId));
    }
  });

  it('names files by the first hex digits of the ids once a kind outgrows one file', async () => {
    expect(prefixDigits(0, 5000)).toBe(0);
    expect(prefixDigits(5000, 5000)).toBe(0);
    expect(prefixDigits(5001, 5000)).toBe(1);
    expect(prefixDigits(80_000, 5000)).toBe(1);
    expect(prefixDigits(80_001, 5000)).toBe(2);
    expect(prefixDigits(1e12, 5000)).toBe(3);
    expect(prefixRange('0a')).toEqual({
      from: '0a000000-0000-0000-0000-000000000000',
      to: '0b000000-0000-0000-0000-000000000000',
    });
    expect(prefixRange('f')).toEqual({ from: 'f0000000-0000-0000-0000-000000000000', to: null });

    const host = await signUp(app, 'smd');
    for (let index = 0; index < 20; index += 1) await buildGroup(app, host.id);
    const [{ count }] = (await app.db.execute<{ count: number }>(sql`select count(*)::int as count from groups`))
      .rows as [{ count: number }];
    // room for groups that other files make meanwhile
    const files = await sitemapFilesOf(app.db, 'groups', Math.ceil(count / 16) + 5);
    expect(files.map((file) => file.path)).toEqual(
      [...'0123456789abcdef'].map((digit) => `/sitemaps/groups-${digit}.xml`),
    );
    expect(await sitemapFilesOf(app.db, 'groups', count + 100)).toEqual([
      { path: '/sitemaps/groups.xml', lastmod: null },
    ]);
  });

  it("lists each row in exactly one file of its ids' first digit, and together every row", async () => {
    const host = await signUp(app, 'smp');
    const group = await buildGroup(app, host.id);
    for (let index = 0; index < 20; index += 1) await buildSession(app, { groupId: group, hostId: host.id });
    const all = await sitemapUrlsOf({ db: app.db, kind: 'sessions', prefix: null, publicUrl: PUBLIC_URL });
    const byDigit: string[] = [];
    for (const digit of '0123456789abcdef') {
      const urls = await sitemapUrlsOf({ db: app.db, kind: 'sessions', prefix: digit, publicUrl: PUBLIC_URL });
      for (const { loc } of urls) expect(loc.startsWith(`${PUBLIC_URL}/event/${digit}`), loc).toBe(true);
      byDigit.push(...urls.map((url) => url.loc));
    }
    // sessions made while this ran (other files) may be in the second read only
    expect(new Set(byDigit).size).toBe(byDigit.length);
    for (const { loc } of all) expect(byDigit).toContain(loc);
  });

  it('answers 404 to a file name it never gives', async () => {
    for (const name of [
      'members.xml',
      'questions-not-a-uuid.xml',
      `questions-${randomUUID().toUpperCase()}.xml`,
      'groups',
    ]) {
      const response = await get(`/sitemaps/${name}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    const some = await get('/sitemaps/sessions-fff.xml');
    expect(some.statusCode).toBe(200);
    expect(readXml(some.body).root).toBe('urlset');
  });
});

describe('security.txt', () => {
  it('names a contact, an expiry less than a year ahead, the language and its canonical address', async () => {
    const response = await get('/.well-known/security.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const fields = response.body
      .trim()
      .split('\n')
      .map((line) => line.split(/: (.*)/s, 2) as [string, string]);
    const field = (name: string) => fields.filter(([key]) => key === name).map(([, value]) => value);
    expect(field('Contact')).toEqual([`${PUBLIC_URL}/contact`]);
    expect(field('Preferred-Languages')).toEqual(['en']);
    expect(field('Canonical')).toEqual([`${PUBLIC_URL}/.well-known/security.txt`]);
    const [expires] = field('Expires');
    const expiresAt = Date.parse(expires ?? '');
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(expiresAt).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    expect(expiresAt).toBeLessThan(Date.now() + 365 * 86_400_000);
  });

  it('is also reached from the root, by a redirect', async () => {
    const response = await get('/security.txt');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/.well-known/security.txt');
  });

  it('takes its contacts from SECURITY_CONTACT, and a wrong value names the variable', () => {
    const contacts = (value: string | undefined) => loadConfig({ SECURITY_CONTACT: value }).securityContacts;
    expect(contacts(undefined)).toEqual([]);
    expect(contacts(' security@example.org , https://example.org/security ')).toEqual([
      'mailto:security@example.org',
      'https://example.org/security',
    ]);
    expect(() => contacts('http://example.org/security')).toThrow(/SECURITY_CONTACT: must be/);
    expect(() => contacts('call us')).toThrow(/SECURITY_CONTACT/);
    const text = securityTxt({
      publicUrl: PUBLIC_URL,
      contacts: ['mailto:security@example.org', 'tel:+1-201-555-0123'],
      now: new Date('2026-11-27T15:00:00Z'),
    });
    expect(text).toBe(
      [
        'Contact: mailto:security@example.org',
        'Contact: tel:+1-201-555-0123',
        'Expires: 2027-11-26T00:00:00.000Z',
        'Preferred-Languages: en',
        `Canonical: ${PUBLIC_URL}/.well-known/security.txt`,
        '',
      ].join('\n'),
    );
  });
});
