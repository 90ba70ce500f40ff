// Anonymous reads write nothing to the database: a burst of anonymous page loads and
// API reads, on a PostgreSQL server of its own, leaves every row as it was and assigns no
// transaction id (a row lock such as FOR KEY SHARE assigns one and marks the row it locks).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '#shared/lib/page-routes.ts';
import { buildApp } from './app.ts';
import { runMigrations } from './db/migrate.ts';
import { JOBS_SCHEMA } from './features/mail/mail-queue.ts';
import { createUnsubscribeToken } from './features/mail/unsubscribe-token.ts';
import { testConfig, testMailOptions } from './test/app.ts';
import { PrivatePostgres } from './test/private-postgres.ts';
import { registeredRoutes } from './test/route-list.ts';
import {
  ask,
  call,
  createGroup,
  createPost,
  schedule,
  setSubscription,
  signUp,
  someAddress,
  type TestPerson,
  uniqueSuffix,
} from './test/factories.ts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * GET routes this burst does not read anonymously, each with its reason. Every other GET route
 * the app registers must be in the burst: a new public read is covered, or this test fails.
 */
const NOT_ANONYMOUS: Record<string, string> = {
  '/api/live': 'a WebSocket upgrade, not a read',
  '/api/docs': 'the API explorer (static files under it)',
  '/api/accounts/google/id-token': 'Google sign-in, not configured in tests',
  '/api/auth/callback/google': 'the end of a Google sign-in: it signs in (writes) by design',
  '/api/groups/:groupId/subscription': 'the viewer’s own subscription: signed in only',
  '/api/me/dashboard': 'signed in only',
  '/api/me/feed': 'signed in only',
  '/api/me/sessions': 'signed in only',
  '/api/me/subscriptions': 'signed in only',
  '/api/notifications': 'signed in only',
  '/api/notifications/unread-count': 'signed in only',
  '/api/me/calendar-feed': 'signed in only',
};
const isAdminRoute = (url: string) => url.startsWith('/api/admin/');

/** A built client stand-in: the real index.html source (pages are rendered into it). */
function fakeClientRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'townhall-client-'));
  fs.copyFileSync(path.join(projectRoot, 'client', 'index.html'), path.join(root, 'index.html'));
  return root;
}

/**
 * What the database looks like from outside: everything a write (or a row lock) would change.
 * The rows themselves, not pg_stat_user_tables' counters: a backend sends its statistics up to
 * ten seconds after its transaction (when idle), so counters would blame the setup's writes on
 * the burst; an insert, update or delete changes the (ctid, xmin) set at once, a lock the xmax.
 * A row inserted and deleted within the burst leaves no row, but takes a transaction id.
 */
interface DatabaseState {
  /** The next transaction id the server will assign (the whole private server: only this test uses it). */
  nextXid: bigint;
  /** Per table outside pg-boss: a digest of every row's (ctid, xmin, xmax): a lock sets xmax. */
  rows: Record<string, string>;
  /** Every sequence's last value. */
  sequences: Record<string, string>;
}

async function readState(client: pg.Client): Promise<DatabaseState> {
  const xid = await client.query<{ next: string }>('select pg_snapshot_xmax(pg_current_snapshot())::text as next');
  const tables = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables where schemaname <> $1`,
    [JOBS_SCHEMA],
  );
  const rows: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const digest = await client.query<{ digest: string | null }>(
      `select md5(string_agg(ctid::text || ':' || xmin::text || ':' || xmax::text, ',' order by ctid)) as digest
         from ${name}`,
    );
    rows[name] = digest.rows[0]?.digest ?? 'empty';
  }
  const sequences = await client.query<{ name: string; value: string | null }>(
    `select schemaname || '.' || sequencename as name, last_value::text as value from pg_sequences`,
  );
  return {
    nextXid: BigInt(xid.rows[0]?.next ?? '0'),
    rows,
    sequences: Object.fromEntries(sequences.rows.map((row) => [row.name, row.value ?? 'null'])),
  };
}

/** The tables (and sequences) whose rows, locks or counters differ between two states. */
function changes(before: DatabaseState, after: DatabaseState): string[] {
  const differing = (label: string, a: Record<string, string>, b: Record<string, string>) =>
    [...new Set([...Object.keys(a), ...Object.keys(b)])]
      .filter((key) => a[key] !== b[key])
      .map((key) => `${label} ${key}: ${a[key]} → ${b[key]}`);
  return [
    ...differing('rows of', before.rows, after.rows),
    ...differing('sequence', before.sequences, after.sequences),
  ];
}

describe('anonymous reads', () => {
  let server: PrivatePostgres;
  let app: FastifyInstance;
  let observer: pg.Client;
  /** The anonymous GETs of the burst, with the status each must answer. */
  const reads: { url: string; status: number }[] = [];
  /** The route pattern each read stands for. */
  const covered = new Set<string>();

  beforeAll(async () => {
    server = await PrivatePostgres.create();
    const admin = new pg.Client({ connectionString: server.url() });
    await admin.connect();
    try {
      await admin.query('create database townhall');
      // autovacuum's ANALYZE writes pg_statistic (and takes an xid): not during the burst
      await admin.query('alter system set autovacuum = off');
      await admin.query('select pg_reload_conf()');
    } finally {
      await admin.end();
    }
    const databaseUrl = server.url('townhall');
    await runMigrations(databaseUrl, pino({ level: 'silent' }));
    app = await buildApp({
      config: testConfig(),
      databaseUrl,
      logger: false,
      mail: testMailOptions(),
      clientRoot: fakeClientRoot(),
    });
    await app.ready();
    observer = new pg.Client({ connectionString: databaseUrl, application_name: 'townhall-write-observer' });
    await observer.connect();

    // a small community, written through the API
    const [host, member, fan]: TestPerson[] = await Promise.all([
      signUp(app, 'rh'),
      signUp(app, 'rm'),
      signUp(app, 'rf'),
    ]);
    if (!host || !member || !fan) throw new Error('no people');
    const group = await createGroup(app, host, { ama: true });
    const added = await call(app, host, 'POST', `/api/groups/${group.id}/members`, { username: member.username });
    expect(added.statusCode, added.body).toBe(201);
    expect((await setSubscription(app, fan, group.id, true)).statusCode).toBe(200);
    expect((await call(app, fan, 'PUT', `/api/users/${host.id}/follow`)).statusCode).toBeLessThan(300);
    const post = await createPost(app, host, group.id, { body: 'Welcome to the reads test' });
    const postComment = await call(app, fan, 'POST', `/api/posts/${post.id}/comments`, { body: 'Hello there' });
    expect(postComment.statusCode, postComment.body).toBe(201);
    const commentId = (postComment.json() as { comment: { id: string } }).comment.id;
    const question = await ask(app, fan, group.id, 'What do reads write to the database?');
    const open = await ask(app, member, group.id, 'And which sort is the fastest?');
    const answered = await call(app, host, 'PUT', `/api/questions/${question.id}/answer`, { body: 'Nothing at all.' });
    expect(answered.statusCode, answered.body).toBe(200);
    const answerId = (answered.json() as { question: { answer: { id: string } | null } }).question.answer?.id;
    if (!answerId) throw new Error('no answer');
    const questionComment = await call(app, member, 'POST', `/api/questions/${question.id}/comments`, {
      body: 'Good to know',
    });
    expect(questionComment.statusCode, questionComment.body).toBe(201);
    for (const [type, id] of [
      ['post', post.id],
      ['comment', commentId],
      ['question', question.id],
      ['answer', answerId],
    ] as const) {
      for (const person of [member, fan]) {
        const liked = await call(app, person, 'PUT', `/api/likes/${type}/${id}`);
        expect(liked.statusCode, liked.body).toBe(200);
      }
    }
    const session = await schedule(app, host, group.id);
    // a hidden question, so the ledgers have an entry to show
    const offTopic = await ask(app, fan, group.id, 'Which football team do you support?');
    const hidden = await call(app, host, 'PATCH', `/api/questions/${offTopic.id}/moderation`, {
      isHidden: true,
      reason: 'off_topic',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);

    const q = encodeURIComponent;
    const api = (pattern: string, url: string, status = 200) => {
      covered.add(pattern);
      reads.push({ url, status });
    };
    // every page path of the client, as a shared link or a typed address would load it
    const pageParams: Record<string, string> = {
      slug: group.slug,
      questionId: question.id,
      postId: post.id,
      sessionId: session.id,
      id: session.id,
      username: host.username,
    };
    for (const route of PAGE_ROUTES) {
      const url = route.replace(/:(\w+)/g, (_match, name: string) => {
        if (route.startsWith('/blog/')) return 'introducing-townhall';
        if (route.startsWith('/user/')) return host.id;
        const value = pageParams[name];
        if (value === undefined) throw new Error(`no sample value for :${name} of ${route}`);
        return q(value);
      });
      // /user/{id} moves to the person's handle
      reads.push({ url, status: route.startsWith('/user/') ? 301 : 200 });
    }
    reads.push({ url: '/search?q=ama', status: 200 });

    // /api sends a browser to the API explorer
    api('/api', '/api', 302);
    api('/api/openapi.json', '/api/openapi.json');
    api('/api/health', '/api/health');
    api('/api/ready', '/api/ready');
    api('/api/accounts/session', '/api/accounts/session');
    api('/api/accounts/providers', '/api/accounts/providers');
    api('/api/accounts/availability', `/api/accounts/availability?username=${q(host.username)}`);
    api('/api/accounts/availability', '/api/accounts/availability?username=nobody_has_this');
    api('/api/accounts/availability', `/api/accounts/availability?email=${q(fan.email)}`);
    api('/api/groups/slug-availability', `/api/groups/slug-availability?slug=${q(group.slug)}`);
    api('/api/groups/slug-availability', '/api/groups/slug-availability?slug=free-slug-here');
    api('/api/blog', '/api/blog');
    api('/api/blog/:slug', '/api/blog/introducing-townhall');
    api('/api/pages/:name', '/api/pages/about');
    api('/api/creators', '/api/creators');
    for (const sort of ['newest', 'popular']) api('/api/groups', `/api/groups?sort=${sort}`);
    api('/api/group-slugs/:slug', `/api/group-slugs/${q(group.slug)}`);
    // the old path of a group by its slug moves to the new one
    api('/api/groups/by-slug/:slug', `/api/groups/by-slug/${q(group.slug)}`, 308);
    api('/api/groups/:groupId/access', `/api/groups/${group.id}/access`);
    api('/api/groups/:groupId/members', `/api/groups/${group.id}/members`);
    api('/api/groups/:groupId/subscribers', `/api/groups/${group.id}/subscribers`);
    api('/api/groups/:groupId/posts', `/api/groups/${group.id}/posts`);
    for (const sort of ['top', 'new', 'fresh']) {
      for (const view of ['open', 'answered', 'pending', 'hidden', 'later']) {
        // pending and hidden are the host's views: an anonymous reader is refused, and still writes nothing
        const status = view === 'pending' || view === 'hidden' ? 403 : 200;
        api('/api/groups/:groupId/questions', `/api/groups/${group.id}/questions?sort=${sort}&view=${view}`, status);
      }
    }
    api('/api/groups/:groupId/questions/similar', `/api/groups/${group.id}/questions/similar?q=${q('reads write')}`);
    api('/api/groups/:groupId/sessions', `/api/groups/${group.id}/sessions`);
    api('/api/groups/:groupId/ledger', `/api/groups/${group.id}/ledger`);
    // the queue in the group's own order (no sort asked)
    api('/api/groups/:groupId/questions', `/api/groups/${group.id}/questions`);
    // host analytics are the host's and administrators': refused, and still nothing written
    api('/api/groups/:groupId/analytics', `/api/groups/${group.id}/analytics`, 401);
    api('/api/groups/:groupId/analytics.csv', `/api/groups/${group.id}/analytics.csv`, 401);
    api('/api/posts/:postId', `/api/posts/${post.id}`);
    api('/api/posts/:postId/comments', `/api/posts/${post.id}/comments`);
    api('/api/questions/:questionId', `/api/questions/${question.id}`);
    api('/api/questions/:questionId', `/api/questions/${open.id}`);
    api('/api/questions/:questionId/comments', `/api/questions/${question.id}/comments`);
    // the host's possible duplicates of a question: refused, and nothing written
    api('/api/questions/:questionId/duplicates', `/api/questions/${open.id}/duplicates`, 401);
    for (const [type, id] of [
      ['post', post.id],
      ['comment', commentId],
      ['question', question.id],
      ['answer', answerId],
    ]) {
      api('/api/likes/:targetType/:targetId', `/api/likes/${type}/${id}`);
    }
    for (const view of ['upcoming', 'live', 'past']) api('/api/sessions', `/api/sessions?view=${view}`);
    api('/api/sessions/:sessionId', `/api/sessions/${session.id}`);
    api('/api/sessions/:sessionId/calendar.ics', `/api/sessions/${session.id}/calendar.ics`);
    // the transcript is for signed-in people: refused, and still nothing written
    api('/api/sessions/:sessionId/transcript', `/api/sessions/${session.id}/transcript`, 401);
    api('/api/sessions/:sessionId/transcript', `/api/sessions/${session.id}/transcript?format=json`, 401);
    api('/api/sessions/:sessionId/viewers', `/api/sessions/${session.id}/viewers`);
    api('/api/sessions/:sessionId/ledger', `/api/sessions/${session.id}/ledger`);
    // what carrying its open questions over would move, and where
    api('/api/sessions/:sessionId/carry', `/api/sessions/${session.id}/carry`);
    api('/api/sessions/:sessionId/analytics', `/api/sessions/${session.id}/analytics`, 401);
    api('/api/sessions/:sessionId/analytics.csv', `/api/sessions/${session.id}/analytics.csv`, 401);
    api('/api/profiles/:username', `/api/profiles/${q(host.username)}`);
    api('/api/users/:userId/public-profile', `/api/users/${host.id}/public-profile`);
    api('/api/users/:userId/followers', `/api/users/${host.id}/followers`);
    api('/api/users/:userId/following', `/api/users/${fan.id}/following`);
    for (const text of ['r', 'rh_', host.username, 'reads', 'what do reads write']) {
      api('/api/search/suggestions', `/api/search/suggestions?q=${q(text)}`);
    }
    for (const type of ['people', 'groups', 'questions', 'posts']) {
      api('/api/search', `/api/search?type=${type}&q=${q(type === 'people' ? 'rh' : 'reads')}`);
    }
    api('/api/search', '/api/search?type=people&q=');

    // oEmbed of a question and a session; the Atom feeds (outside /api)
    const pageUrl = (pagePath: string) => q(`${app.config.publicUrl}${pagePath}`);
    api('/api/oembed', `/api/oembed?url=${pageUrl(`/group/${group.slug}/question/${question.id}`)}&format=json`);
    api('/api/oembed', `/api/oembed?url=${pageUrl(`/event/${session.id}`)}&maxwidth=600`);
    reads.push({ url: `/group/${q(group.slug)}/posts.atom`, status: 200 });
    reads.push({ url: `/group/${q(group.slug)}/answers.atom`, status: 200 });
    reads.push({ url: '/blog.atom', status: 200 });

    // calendar feeds: a group's, and a person's private one read as a calendar app reads it (no cookie)
    const feed = await call(app, fan, 'POST', '/api/me/calendar-feed');
    expect(feed.statusCode, feed.body).toBe(200);
    const feedPath = new URL((feed.json() as { url: string }).url).pathname;
    reads.push({ url: `/group/${q(group.slug)}/calendar.ics`, status: 200 });
    reads.push({ url: feedPath, status: 200 });
    reads.push({ url: `/calendar/${'A'.repeat(43)}.ics`, status: 404 });

    // the page of an e-mail's unsubscribe link: it names what would stop and changes nothing
    const unsubscribeToken = createUnsubscribeToken({
      userId: fan.id,
      category: 'newAnswers',
      secret: app.config.sessionSecret ?? '',
    });
    api('/api/mail/unsubscribe', `/api/mail/unsubscribe?token=${q(unsubscribeToken)}`);
    api('/api/mail/unsubscribe', '/api/mail/unsubscribe?token=u1.forged.link', 404);
    // the digest schedule is the signed-in person's: refused, and nothing written
    api('/api/me/digest-schedule', '/api/me/digest-schedule', 401);

    // what search engines and browsers read at the site's root
    reads.push({ url: '/robots.txt', status: 200 });
    reads.push({ url: '/sitemap.xml', status: 200 });
    for (const file of ['pages', 'groups', 'sessions', 'questions']) {
      reads.push({ url: `/sitemaps/${file}.xml`, status: 200 });
    }
    reads.push({ url: '/.well-known/security.txt', status: 200 });
    reads.push({ url: '/security.txt', status: 301 });
    reads.push({ url: '/blog/no-such-post', status: 404 });
    reads.push({ url: `/nobody_${uniqueSuffix()}/followers`, status: 404 });
  }, 120_000);

  afterAll(async () => {
    await observer?.end().catch(() => undefined);
    await app?.close();
    await server?.destroy();
  });

  it('covers every public GET route of the app', () => {
    const uncovered = registeredRoutes(app)
      .filter((route) => route.method === 'GET' && route.url.startsWith('/api'))
      .map((route) => route.url)
      .filter((url) => !covered.has(url) && !(url in NOT_ANONYMOUS) && !isAdminRoute(url))
      // static files under /api/docs/
      .filter((url) => !url.startsWith('/api/docs'));
    expect(uncovered).toEqual([]);
  });

  /**
   * Runs the burst: each read three times, four at once, from different addresses. A page whose
   * lookup failed (a busy machine: the pool's checkout timed out) still answers 200 with the bare
   * app, so a read that answers another status than its own is read once more, alone, before it
   * counts as wrong: every read must have run as itself inside the window.
   */
  async function burst(): Promise<string[]> {
    const wrong: string[] = [];
    const queue = [...reads, ...reads, ...reads];
    const get = (url: string) => app.inject({ method: 'GET', url, remoteAddress: someAddress() });
    const worker = async () => {
      for (let read = queue.shift(); read; read = queue.shift()) {
        let response = await get(read.url);
        if (response.statusCode !== read.status) response = await get(read.url);
        if (response.statusCode !== read.status) {
          wrong.push(`${read.url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    return wrong;
  }

  it('a burst of anonymous page loads and API reads writes nothing and takes no transaction id', async () => {
    // Let the writes of the setup settle (jobs they queued, live events): the server is quiet
    // once no transaction id is taken for two seconds.
    let last = (await readState(observer)).nextXid;
    for (let quiet = 0; quiet < 2_000;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const next = (await readState(observer)).nextXid;
      quiet = next === last ? quiet + 250 : 0;
      last = next;
    }
    // pg-boss's own timers (cron, maintenance) take a transaction id now and then; a window in
    // which one did is tried again. A read that writes takes one in every window, so it still fails.
    const attempts: string[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const before = await readState(observer);
      const wrong = await burst();
      expect(wrong).toEqual([]);
      const after = await readState(observer);
      // rows, locks and sequences never change, whatever pg-boss does in its own schema
      expect(changes(before, after)).toEqual([]);
      if (after.nextXid === before.nextXid) return;
      attempts.push(`transaction ids ${before.nextXid}…${after.nextXid - 1n} were assigned during the burst`);
    }
    expect(attempts).toEqual([]);
  });
});
