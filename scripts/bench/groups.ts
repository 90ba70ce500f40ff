// `npm run bench groups [-- --users 100000 --groups 10000 --subscriptions 1000000 --duration 10 --connections 20]`
// The subscription list (GET /api/me/subscriptions) and the subscriber list
// (GET /api/groups/:groupId/subscribers) on PostgreSQL at scale. It makes a fresh database
// (townhall_bench_<random>) on BENCH_DATABASE_URL, TEST_DATABASE_URL or the local server, migrates it,
// fills it with set-based SQL, starts the real server on it as a child process (NODE_ENV=production),
// signs bench viewers up through the API, loads each endpoint with autocannon on loopback and prints
// requests per second and p50/p99 latency. The database is dropped at the end unless --keep.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { pino } from 'pino';
import type { Queryable } from '../../server/db/client.ts';
import { runMigrations } from '../../server/db/migrate.ts';
import * as schema from '../../server/db/schema/index.ts';
import { listGroups } from '../../server/features/groups/list-groups.ts';
import { listSubscribers } from '../../server/features/groups/list-subscribers.ts';
import { listSubscriptions } from '../../server/features/groups/list-subscriptions.ts';
import { GROUP_LIMITS } from '../../shared/schemas/groups.ts';
import { BenchError, startBenchServer, type BenchServer } from './lib/bench-server.ts';
import { cleanups, count, millis, seconds, serverUrl, withServerClient, runBench } from './lib/bench-kit.ts';
import { coprimeStrides } from './lib/community.ts';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    groups: { type: 'string', default: '10000' },
    subscriptions: { type: 'string', default: '1000000' },
    /** Share of the groups that are live question-and-answer groups (the subscription list shows only those). */
    'ama-share': { type: 'string', default: '0.2' },
    /** Exponent of the Zipf-like popularity: group of rank r gets a share proportional to r^-skew. */
    skew: { type: 'string', default: '0.85' },
    /** Viewers signed up through the API, whose cookies the load rotates over. */
    viewers: { type: 'string', default: '20' },
    /** Subscriptions of each viewer to ama groups (the list shows these) and to other groups (it skips them). */
    'viewer-ama': { type: 'string', default: '200' },
    'viewer-other': { type: 'string', default: '50' },
    /** Page of the subscription list measured besides the first. */
    'subscriptions-page': { type: 'string', default: '5' },
    /** Subscribers skipped (walking the cursor) before the deep page of the subscriber list. */
    'subscribers-deep': { type: 'string', default: '5000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '20' },
    /** DATABASE_POOL_MAX of the server under load. */
    pool: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
    /** Only make the data (and print its figures), no server and no load. */
    'generate-only': { type: 'boolean', default: false },
  },
});

const int = (name: keyof typeof values, min: number): number => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer of at least ${min}`);
  return value;
};
const share = (name: keyof typeof values): number => {
  const value = Number(values[name]);
  if (!(value >= 0 && value <= 1)) throw new Error(`--${name} must be a number from 0 to 1`);
  return value;
};
const options = {
  users: int('users', 10),
  groups: int('groups', 10),
  subscriptions: int('subscriptions', 0),
  amaShare: share('ama-share'),
  skew: Number(values.skew),
  viewers: int('viewers', 1),
  viewerAma: int('viewer-ama', 0),
  viewerOther: int('viewer-other', 0),
  subscriptionsPage: int('subscriptions-page', 2),
  subscribersDeep: int('subscribers-deep', 20),
  duration: int('duration', 1),
  warmup: int('warmup', 0),
  connections: int('connections', 1),
  pool: int('pool', 1),
};
if (!(options.skew >= 0 && options.skew <= 3)) throw new Error('--skew must be a number from 0 to 3');

/** Page size of the lists when the request names none. */
const PAGE_SIZE = GROUP_LIMITS.pageSize;

const silent = pino({ level: 'silent' });

// ---------------------------------------------------------------------------------------------
// The database

async function createBenchDatabase(): Promise<{ url: string; name: string; version: string }> {
  const admin = new URL(serverUrl());
  admin.pathname = '/postgres';
  const name = `townhall_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const version = await withServerClient(admin.toString(), async (client) => {
    await client.query(`create database "${name}"`);
    const result = await client.query<{ server_version: string }>('show server_version');
    return result.rows[0]?.server_version ?? '?';
  });
  const url = new URL(admin);
  url.pathname = `/${name}`;
  if (values.keep) {
    cleanups.push(async () => console.log(`\nKept the database (--keep): ${redact(url.toString())}`));
  } else {
    cleanups.push(async () => {
      await withServerClient(admin.toString(), (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    });
  }
  return { url: url.toString(), name, version };
}

/** A URL without its password, for printing. */
function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

interface GenerationRow {
  step: string;
  rows: string;
  time: string;
}

/**
 * Fills the bench database with set-based SQL: users, groups (a share ama, Zipf-like popularity,
 * random last activity) and subscriptions unique per (group, user), each after both the user and
 * the group existed; then the counters from the rows, and VACUUM ANALYZE.
 */
async function generate(client: pg.Client): Promise<GenerationRow[]> {
  const rows: GenerationRow[] = [];
  const step = async (name: string, sql: string, params: unknown[] = [], rowCount?: () => Promise<number>) => {
    const start = performance.now();
    const result = await client.query(sql, params);
    const elapsed = performance.now() - start;
    const affected = rowCount ? await rowCount() : (result.rowCount ?? 0);
    rows.push({ step: name, rows: count(affected), time: seconds(elapsed) });
  };
  const { users, groups, subscriptions } = options;

  // The rows are consistent by construction: skip the foreign-key and first-admin triggers while
  // loading (superuser only; otherwise they run, which is slower but the same result).
  const superuser = await client.query<{ rolsuper: boolean }>(
    'select rolsuper from pg_roles where rolname = current_user',
  );
  const fast = superuser.rows[0]?.rolsuper === true;
  if (fast) await client.query(`set session_replication_role = replica`);
  await client.query(`set work_mem = '256MB'`);
  await client.query(`set maintenance_work_mem = '512MB'`);
  const total = performance.now();

  // Helper tables: user number → id, and each group's number, owner, popularity and subscriber walk.
  await step(
    'users (helper)',
    `create temp table bench_users as
       select i as idx, md5('bench-user-' || i) as id,
              now() - random() * interval '730 days' as created_at
         from generate_series(1, $1::int) as i`,
    [users],
  );
  await client.query('alter table bench_users add primary key (idx)');
  await client.query('analyze bench_users');
  await step(
    'users',
    `insert into users (id, name, email, email_verified, username, quote, created_at, updated_at,
                        last_token_update, role)
     select id, 'Bench Person ' || idx, 'bench' || idx || '@bench.example', true, 'bench_' || idx,
            case when idx % 3 = 0 then 'Questions welcome, answers promised.' else '' end,
            created_at, created_at, created_at, case when idx = 1 then 'admin' else 'user' end
       from bench_users order by created_at`,
  );

  const strides = coprimeStrides(users, Math.max(users, 3));
  await step(
    'groups (helper)',
    `create temp table bench_groups as
     with ranked as (
       select g as idx, gen_random_uuid() as id, 1 + floor(random() * $1::int)::int as owner_idx,
              random() < $3::float8 as ama, random() as activity_roll, random() as created_roll,
              row_number() over (order by random()) as popularity_rank
         from generate_series(1, $2::int) as g
     ), weighted as (
       select *, power(popularity_rank, -$4::float8) as weight,
              sum(power(popularity_rank, -$4::float8)) over (order by popularity_rank) as cumulative,
              sum(power(popularity_rank, -$4::float8)) over () as weight_total
         from ranked
     )
     select w.idx, w.id, w.owner_idx, w.ama, w.popularity_rank,
            least($1::int - 1,
                  round($5::float8 * w.cumulative / w.weight_total)
                  - round($5::float8 * (w.cumulative - w.weight) / w.weight_total))::int as quota,
            floor(random() * $1::int)::int as walk_start,
            ($6::int[])[1 + floor(random() * array_length($6::int[], 1))::int] as walk_stride,
            u.created_at + w.created_roll * (now() - u.created_at) as created_at,
            w.activity_roll
       from weighted w join bench_users u on u.idx = w.owner_idx`,
    [users, groups, options.amaShare, options.skew, subscriptions, strides],
  );
  await client.query('alter table bench_groups add primary key (idx)');
  await client.query('analyze bench_groups');
  await step(
    'groups',
    `insert into groups (id, slug, name, description, owner_id, ama, last_activity_at, created_at, updated_at)
     select g.id, 'bench-group-' || g.idx, 'Bench group ' || g.idx,
            'A group made by the benchmark: ' || repeat('talk about things, ', 1 + g.idx % 8),
            u.id, g.ama,
            -- most groups had activity, recent ones more often; a few never did
            case when g.activity_roll < 0.85
                 then greatest(g.created_at, now() - power(g.activity_roll / 0.85, 2) * interval '180 days') end,
            g.created_at, g.created_at
       from bench_groups g join bench_users u on u.idx = g.owner_idx
      order by g.created_at`,
  );

  // Group g's subscribers: users walk_start, walk_start + stride, … (mod users); the stride shares
  // no factor with the user count, so the walk never meets a user twice. The owner is left out.
  await step(
    'subscriptions',
    `insert into group_subscriptions (group_id, user_id, created_at, updated_at, last_viewed_at)
     select group_id, user_id, created_at, coalesce(last_viewed_at, created_at), last_viewed_at
       from (
         select group_id, user_id, created_at,
                case when random() < 0.6 then created_at + random() * (now() - created_at) end as last_viewed_at
           from (
             select g.id as group_id, u.id as user_id,
                    greatest(g.created_at, u.created_at)
                      + power(random(), 0.7) * (now() - greatest(g.created_at, u.created_at)) as created_at
               from bench_groups g
               cross join lateral generate_series(0, g.quota - 1) as j
               join bench_users u on u.idx = 1 + ((g.walk_start::bigint + j::bigint * g.walk_stride) % $1::int)
              where u.idx <> g.owner_idx
           ) as picked
       ) as timed
      order by created_at`,
    [users],
  );
  if (fast) await client.query(`set session_replication_role = origin`);
  rows.push(...(await setCounters(client)));
  rows.push({ step: 'total', rows: '', time: seconds(performance.now() - total) });
  return rows;
}

/** users.subscribing and groups.subscriber_count from the rows, then VACUUM ANALYZE; checks they agree. */
async function setCounters(client: pg.Client): Promise<GenerationRow[]> {
  const rows: GenerationRow[] = [];
  const timed = async (step: string, sql: string) => {
    const start = performance.now();
    const result = await client.query(sql);
    rows.push({
      step,
      rows: result.rowCount === null ? '' : count(result.rowCount),
      time: seconds(performance.now() - start),
    });
  };
  await timed(
    'users.subscribing',
    `update users u set subscribing = c.n
       from (select u2.id, count(s.user_id)::int as n
               from users u2 left join group_subscriptions s on s.user_id = u2.id group by u2.id) as c
      where c.id = u.id and u.subscribing <> c.n`,
  );
  await timed(
    'groups.subscriber_count',
    `update groups g set subscriber_count = c.n
       from (select g2.id, count(s.group_id)::int as n
               from groups g2 left join group_subscriptions s on s.group_id = g2.id group by g2.id) as c
      where c.id = g.id and g.subscriber_count <> c.n`,
  );
  await timed('vacuum analyze', 'vacuum (analyze) users, groups, group_subscriptions');
  const check = await client.query<{ users: number; groups: number }>(
    `select (select count(*)::int from users u
              where subscribing <> (select count(*) from group_subscriptions s where s.user_id = u.id)) as users,
            (select count(*)::int from groups g
              where subscriber_count <> (select count(*) from group_subscriptions s where s.group_id = g.id)) as groups`,
  );
  const wrong = check.rows[0];
  if (!wrong || wrong.users !== 0 || wrong.groups !== 0) {
    throw new BenchError(`counters disagree with the rows: ${JSON.stringify(wrong)}`);
  }
  return rows;
}

interface Shape {
  users: number;
  groups: number;
  amaGroups: number;
  subscriptions: number;
  groupsOver10k: number;
  maxSubscribers: number;
  medianSubscribers: number;
  tableSize: string;
  indexSize: string;
}

async function describeData(client: pg.Client): Promise<Shape> {
  const result = await client.query<Shape>(
    `select (select count(*)::int from users) as "users",
            (select count(*)::int from groups) as "groups",
            (select count(*)::int from groups where ama) as "amaGroups",
            (select count(*)::int from group_subscriptions) as "subscriptions",
            (select count(*)::int from groups where subscriber_count >= 10000) as "groupsOver10k",
            (select max(subscriber_count)::int from groups) as "maxSubscribers",
            (select percentile_disc(0.5) within group (order by subscriber_count)::int from groups) as "medianSubscribers",
            pg_size_pretty(pg_table_size('group_subscriptions')) as "tableSize",
            pg_size_pretty(pg_indexes_size('group_subscriptions')) as "indexSize"`,
  );
  const shape = result.rows[0];
  if (!shape) throw new BenchError('could not describe the data');
  return shape;
}

// ---------------------------------------------------------------------------------------------
// The server

/** The real server on the bench database (scripts/bench/lib/bench-server.ts). */
async function startServer(databaseUrl: string): Promise<BenchServer> {
  return startBenchServer({ databaseUrl, pool: options.pool, onCleanup: (step) => cleanups.push(step) });
}

interface Viewer {
  id: string;
  username: string;
  cookie: string;
}

/** Signs the bench viewers up through the API, each from its own address; their session cookies. */
async function signUpViewers(server: BenchServer): Promise<Viewer[]> {
  const viewers: Viewer[] = [];
  for (let i = 0; i < options.viewers; i++) {
    const username = `bench_viewer_${i + 1}`;
    const response = await fetch(`${server.url}/api/accounts/sign-up`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.url,
        'x-forwarded-for': `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      },
      body: JSON.stringify({
        email: `${username}@bench.example`,
        username,
        password: `bench viewer ${randomBytes(8).toString('hex')}`,
      }),
    });
    const body = (await response.json()) as { user?: { id?: string } };
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .filter(Boolean)
      .join('; ');
    if (response.status !== 201 || !body.user?.id || !cookie) {
      throw new BenchError(`signing up ${username} failed: ${response.status} ${JSON.stringify(body)}`);
    }
    viewers.push({ id: body.user.id, username, cookie });
  }
  return viewers;
}

/**
 * Each viewer's subscriptions (viewer-ama to random ama groups, viewer-other to other groups),
 * made over the last year, half of them viewed since; then the counters again.
 */
async function subscribeViewers(client: pg.Client, viewers: Viewer[]): Promise<GenerationRow[]> {
  const ids = viewers.map((viewer) => viewer.id);
  const start = performance.now();
  await client.query(`update users set created_at = now() - interval '400 days' where id = any($1::text[])`, [ids]);
  const result = await client.query(
    `insert into group_subscriptions (group_id, user_id, created_at, updated_at, last_viewed_at)
     select picked.group_id, v.id, picked.created_at, picked.created_at,
            case when random() < 0.5 then picked.created_at + random() * (now() - picked.created_at) end
       from unnest($1::text[]) as v(id)
       cross join lateral (
         (select g.id as group_id, now() - random() * interval '365 days' as created_at
            from groups g where g.ama and g.owner_id <> v.id order by random() limit $2::int)
         union all
         (select g.id, now() - random() * interval '365 days'
            from groups g where not g.ama and g.owner_id <> v.id order by random() limit $3::int)
       ) as picked`,
    [ids, options.viewerAma, options.viewerOther],
  );
  const rows: GenerationRow[] = [
    { step: 'viewer subscriptions', rows: count(result.rowCount ?? 0), time: seconds(performance.now() - start) },
  ];
  rows.push(...(await setCounters(client)));
  return rows;
}

// ---------------------------------------------------------------------------------------------
// The load

interface Probe {
  path: string;
  cookie?: string;
  /** Whose subscription list it reads. */
  viewerId?: string;
}

interface Scenario {
  endpoint: string;
  page: string;
  viewer: string;
  probes: Probe[];
  /** The array the answer lists its items in. */
  items: 'subscriptions' | 'subscribers' | 'groups';
}

interface Page {
  status: number;
  items: number;
  nextCursor: string | null;
  body: string;
}

async function getPage(server: BenchServer, probe: Probe, items: Scenario['items']): Promise<Page> {
  const response = await fetch(`${server.url}${probe.path}`, {
    headers: probe.cookie ? { cookie: probe.cookie } : {},
  });
  const body = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(body) as Record<string, unknown>;
  } catch {
    // reported through body below
  }
  const list = parsed[items];
  return {
    status: response.status,
    items: Array.isArray(list) ? list.length : -1,
    nextCursor: typeof parsed.nextCursor === 'string' ? parsed.nextCursor : null,
    body: body.slice(0, 300),
  };
}

/** GET `probe` must answer 200 with a full page; otherwise the bench stops, saying what came. */
async function expectFullPage(
  server: BenchServer,
  probe: Probe,
  items: Scenario['items'],
  size: number = PAGE_SIZE,
): Promise<Page> {
  const page = await getPage(server, probe, items);
  if (page.status !== 200 || page.items !== size) {
    const hint =
      page.status === 404 && page.body.includes('There is no route')
        ? '\nThe groups routes are not registered in server/app.ts yet.'
        : '';
    throw new BenchError(
      `GET ${probe.path} answered ${page.status} with ${page.items} ${items} (expected 200 and ${size}): ${page.body}${hint}`,
    );
  }
  return page;
}

/** `path` with `name=value` added to its query. */
function withParam(path: string, name: string, value: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
}

/**
 * Follows nextCursor from `probe` past its first `skip` items, in pages of the largest size the
 * API allows; the probe of the (default-size) page that comes next.
 */
async function walk(server: BenchServer, probe: Probe, items: Scenario['items'], skip: number): Promise<Probe> {
  let cursor: string | null = null;
  for (let done = 0; done < skip;) {
    const size = Math.min(GROUP_LIMITS.pageMax, skip - done);
    const path = withParam(cursor ? withParam(probe.path, 'cursor', cursor) : probe.path, 'limit', String(size));
    const answer = await expectFullPage(server, { ...probe, path }, items, size);
    if (!answer.nextCursor) throw new BenchError(`GET ${path} has no nextCursor after ${done + size} ${items}`);
    cursor = answer.nextCursor;
    done += size;
  }
  return cursor ? { ...probe, path: withParam(probe.path, 'cursor', cursor) } : probe;
}

async function buildScenarios(server: BenchServer, client: pg.Client, viewers: Viewer[]): Promise<Scenario[]> {
  const cookieOf = (index: number) => viewers[index % viewers.length]?.cookie ?? '';
  const biggest = await client.query<{ id: string; subscriber_count: number }>(
    `select id, subscriber_count from groups order by subscriber_count desc, id limit 10`,
  );
  const deepGroups = biggest.rows.filter((row) => row.subscriber_count >= options.subscribersDeep + PAGE_SIZE);
  if (deepGroups.length === 0) {
    throw new BenchError(`no group has more than ${options.subscribersDeep + PAGE_SIZE} subscribers for the deep page`);
  }
  const laterSkip = (options.subscriptionsPage - 1) * PAGE_SIZE;
  const typical = await client.query<{ id: string }>(
    `select id from groups where subscriber_count >= $1
      order by abs(subscriber_count - (select percentile_disc(0.5) within group (order by subscriber_count) from groups)), id
      limit 10`,
    [PAGE_SIZE + 1],
  );
  if (options.viewerAma < options.subscriptionsPage * PAGE_SIZE) {
    throw new BenchError(
      `--viewer-ama must be at least ${options.subscriptionsPage * PAGE_SIZE} for page ${options.subscriptionsPage}`,
    );
  }

  const subscriptionsFirst = viewers.map((viewer) => ({
    path: '/api/me/subscriptions',
    cookie: viewer.cookie,
    viewerId: viewer.id,
  }));
  const subscribersFirst = biggest.rows.map((row, index) => ({
    path: `/api/groups/${row.id}/subscribers`,
    cookie: cookieOf(index),
  }));
  const scenarios: Scenario[] = [
    {
      endpoint: 'GET /api/me/subscriptions',
      page: 'first',
      viewer: `${viewers.length} viewers`,
      probes: subscriptionsFirst,
      items: 'subscriptions',
    },
    {
      endpoint: 'GET /api/me/subscriptions',
      page: `page ${options.subscriptionsPage} (cursor)`,
      viewer: `${viewers.length} viewers`,
      probes: [],
      items: 'subscriptions',
    },
    {
      endpoint: 'GET /api/groups/:groupId/subscribers',
      page: 'first',
      viewer: `signed in, ${biggest.rows.length} largest groups`,
      probes: subscribersFirst,
      items: 'subscribers',
    },
    {
      endpoint: 'GET /api/groups/:groupId/subscribers',
      page: 'first',
      viewer: `signed in, ${typical.rows.length} median-size groups`,
      probes: typical.rows.map((row, index) => ({
        path: `/api/groups/${row.id}/subscribers`,
        cookie: cookieOf(index),
      })),
      items: 'subscribers',
    },
    {
      endpoint: 'GET /api/groups/:groupId/subscribers',
      page: `after ${count(options.subscribersDeep)} (cursor)`,
      viewer: `signed in, ${Math.min(deepGroups.length, 5)} largest groups`,
      probes: [],
      items: 'subscribers',
    },
    {
      endpoint: 'GET /api/groups?sort=popular',
      page: 'first',
      viewer: 'signed out',
      probes: [{ path: '/api/groups?sort=popular' }],
      items: 'groups',
    },
  ];
  // Every probe answers 200 with a full page before any load; the later pages come from walking the cursor.
  for (const scenario of scenarios) {
    for (const probe of scenario.probes) await expectFullPage(server, probe, scenario.items);
  }
  const later = scenarios[1];
  if (later) {
    for (const probe of subscriptionsFirst) later.probes.push(await walk(server, probe, 'subscriptions', laterSkip));
  }
  const deep = scenarios[4];
  if (deep) {
    for (const [index, row] of deepGroups.slice(0, 5).entries()) {
      deep.probes.push(
        await walk(
          server,
          { path: `/api/groups/${row.id}/subscribers`, cookie: cookieOf(index) },
          'subscribers',
          options.subscribersDeep,
        ),
      );
    }
  }
  for (const scenario of scenarios) {
    for (const probe of scenario.probes) await expectFullPage(server, probe, scenario.items);
  }
  return scenarios;
}

async function load(server: BenchServer, scenario: Scenario, duration: number): Promise<autocannon.Result> {
  const requests = scenario.probes.map((probe) => ({
    method: 'GET' as const,
    path: probe.path,
    headers: probe.cookie ? { cookie: probe.cookie } : {},
  }));
  let clientIndex = 0;
  return autocannon({
    url: server.url,
    connections: options.connections,
    duration,
    requests,
    // Each connection starts at another probe, so viewers and groups are spread from the first second.
    setupClient: (client) => {
      const offset = clientIndex++ % requests.length;
      client.setRequests([...requests.slice(offset), ...requests.slice(0, offset)].map((request) => ({ ...request })));
    },
  });
}

// ---------------------------------------------------------------------------------------------
// The SQL behind each row

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Rows Removed by Filter'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/**
 * The statement the server's own list function sends for the first probe of `scenario`
 * (captured through Drizzle's logger), run under EXPLAIN (ANALYZE, BUFFERS): its time,
 * buffers, the indexes it reads, and whether it sorts or scans a whole table.
 */
async function explain(pool: pg.Pool, scenario: Scenario): Promise<Record<string, string>> {
  const probe = scenario.probes[0];
  if (!probe) throw new BenchError(`${scenario.endpoint} has no probe`);
  const url = new URL(probe.path, 'http://bench.invalid');
  const cursor = url.searchParams.get('cursor') ?? undefined;
  const captured: { query: string; params: unknown[] }[] = [];
  const db: Queryable = drizzle({
    client: pool,
    schema,
    casing: 'snake_case',
    logger: { logQuery: (query, params) => void captured.push({ query, params }) },
  });
  if (scenario.items === 'subscriptions') {
    await listSubscriptions({ db, viewer: { id: probe.viewerId ?? '' }, cursor, limit: PAGE_SIZE });
  } else if (scenario.items === 'subscribers') {
    const groupId = /\/api\/groups\/([^/]+)\/subscribers/.exec(url.pathname)?.[1] ?? '';
    await listSubscribers({ db, groupId, cursor, limit: PAGE_SIZE });
  } else {
    await listGroups({ db, sort: 'popular', cursor, limit: PAGE_SIZE });
  }
  // The list query is the last one and the one with the limit (a group lookup may come first).
  const statement = captured.filter((item) => / limit /i.test(item.query)).at(-1) ?? captured.at(-1);
  if (!statement) throw new BenchError(`no SQL captured for ${scenario.endpoint}`);
  const result = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
    `explain (analyze, buffers, format json) ${statement.query}`,
    statement.params,
  );
  const top = result.rows[0]?.['QUERY PLAN'][0];
  if (!top) throw new BenchError(`no plan for ${scenario.endpoint}`);
  const nodes: PlanNode[] = [];
  const visit = (node: PlanNode) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(top.Plan);
  const indexes = [...new Set(nodes.flatMap((node) => (node['Index Name'] ? [node['Index Name']] : [])))];
  const seqScans = nodes.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name']);
  const sorts = nodes.filter((node) => /Sort/.test(node['Node Type'])).map((node) => node['Node Type']);
  const removed = nodes.reduce(
    (sum, node) => sum + (node['Rows Removed by Filter'] ?? 0) * (node['Actual Loops'] ?? 1),
    0,
  );
  const subscriptionRows = nodes
    .filter((node) => node['Relation Name'] === 'group_subscriptions')
    .reduce((sum, node) => sum + (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1), 0);
  return {
    endpoint: scenario.endpoint,
    page: scenario.page,
    'execution ms': top['Execution Time'].toFixed(2),
    buffers: `${count(top.Plan['Shared Hit Blocks'] ?? 0)} hit, ${count(top.Plan['Shared Read Blocks'] ?? 0)} read`,
    'subscription rows read': count(subscriptionRows),
    'removed by filter': count(removed),
    indexes: indexes.join(', ') || 'none',
    'seq scan': seqScans.join(', ') || 'no',
    sort: sorts.join(', ') || 'no',
  };
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const cpus = os.cpus();
  const database = await createBenchDatabase();
  console.log(
    `Node ${process.version}, PostgreSQL ${database.version} at ${redact(serverUrl())}, ` +
      `${cpus.length} CPU(s) ${cpus[0]?.model ?? ''}, ${Math.round(os.totalmem() / 1024 ** 3)} GB RAM\n` +
      `Database ${database.name}: ${count(options.users)} users, ${count(options.groups)} groups ` +
      `(${Math.round(options.amaShare * 100)}% ama, popularity ∝ rank^-${options.skew}), ` +
      `${count(options.subscriptions)} subscriptions asked\n`,
  );
  await runMigrations(database.url, silent);

  const client = new pg.Client({ connectionString: database.url, application_name: 'townhall-bench' });
  await client.connect();
  cleanups.push(() => client.end());
  const generation = await generate(client);
  console.log('Data generation (set-based SQL)');
  console.table(generation);
  const shape = await describeData(client);
  console.log(
    `${count(shape.users)} users, ${count(shape.groups)} groups (${count(shape.amaGroups)} ama), ` +
      `${count(shape.subscriptions)} subscriptions; subscribers per group: median ${count(shape.medianSubscribers)}, ` +
      `max ${count(shape.maxSubscribers)}, ${shape.groupsOver10k} groups with 10,000 or more; ` +
      `group_subscriptions ${shape.tableSize} + indexes ${shape.indexSize}\n`,
  );
  if (values['generate-only']) return;

  const server = await startServer(database.url);
  const viewers = await signUpViewers(server);
  const viewerRows = await subscribeViewers(client, viewers);
  console.log(
    `Viewers: ${viewers.length} signed up through POST /api/accounts/sign-up, each subscribed to ` +
      `${options.viewerAma} ama and ${options.viewerOther} other groups`,
  );
  console.table(viewerRows);

  const scenarios = await buildScenarios(server, client, viewers);
  console.log(
    `\nEvery request of every row answered 200 with ${PAGE_SIZE} items before the load. ` +
      `autocannon ${options.connections} connections, ${options.warmup} s warm-up then ${options.duration} s per row, ` +
      `server pool ${options.pool} connections, NODE_ENV=production, LOG_LEVEL=warn`,
  );
  const results: Record<string, string>[] = [];
  const problems: string[] = [];
  for (const scenario of scenarios) {
    if (options.warmup > 0) await load(server, scenario, options.warmup);
    const result = await load(server, scenario, options.duration);
    const failed = result.non2xx + result.errors;
    if (failed > 0) {
      const codes = Object.entries(result.statusCodeStats ?? {})
        .map(([code, stats]) => `${code}×${stats.count ?? 0}`)
        .join(', ');
      problems.push(
        `${scenario.endpoint} ${scenario.page}: ${result.non2xx} non-2xx, ${result.errors} errors (${result.timeouts} timeouts); status codes ${codes}`,
      );
    }
    results.push({
      endpoint: scenario.endpoint,
      page: scenario.page,
      viewer: scenario.viewer,
      'req/s': result.requests.average.toFixed(0),
      'p50 ms': millis(result.latency.p50),
      'p99 ms': millis(result.latency.p99),
      'max ms': millis(result.latency.max),
      requests: count(result.requests.total),
      'non-2xx': String(result.non2xx),
      errors: String(result.errors),
    });
  }
  console.log('\nLoad on loopback (requests per second: mean of the 1-second samples; latency over all requests)');
  console.table(results);
  if (problems.length > 0) {
    console.log(`\nWARNING: failed requests during the load:\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
  }

  // After the load, so the plans run on the cache the load warmed, as the requests did.
  const pool = new pg.Pool({ connectionString: database.url, max: 1, application_name: 'townhall-bench' });
  cleanups.push(() => pool.end());
  const plans: Record<string, string>[] = [];
  for (const scenario of scenarios) plans.push(await explain(pool, scenario));
  console.log(
    '\nEXPLAIN (ANALYZE, BUFFERS) of the list query the server sends for the first request of each row ' +
      '(captured from its own list function)',
  );
  console.table(plans);
}

await runBench(main);
