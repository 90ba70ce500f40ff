// `npm run bench reads [-- --scale 1 --duration 3 --rounds 2 --connections 20]`
// Every read the app makes, anonymous and signed in, against the floor of its stack,
// in one run. It makes a fresh database (townhall_reads_bench_<random>) on BENCH_DATABASE_URL,
// TEST_DATABASE_URL or the local server, migrates it and fills it with a large community in
// set-based SQL (lib/community.ts: at --scale 1, 100,000 people, 10,000 groups, 1,000,000
// subscriptions, 1,000,000 questions, 200,000 posts, 2,000,000 likes). Then it starts the real
// server (a child process, NODE_ENV=production) and the floor (lib/read-floor.ts: bare Fastify 5 +
// node-postgres Pool(10), a 20-row keyset page of a 100,000-row table), signs viewers up through
// the API, and loads each read with autocannon (20 connections on loopback), interleaved with the
// floor: floor, read A anonymous, read A signed in, floor, read B, … over several rounds. It prints
// req/s, p50 and p99 per read, the ratio to the floor measured in the same run, and the statements
// each request sends to PostgreSQL (the same app built in-process on the same database, each read
// injected N times while pg.Client#query is counted on the app's own pool). It also prints a
// single writer's question or vote round trip, including its live event reaching a subscribed
// socket, and the machine and its load average at the start and at the end.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import WebSocket from 'ws';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config/env.ts';
import { runMigrations } from '../../server/db/migrate.ts';
import { cleanups, count, millis, seconds, serverUrl, withServerClient, runBench } from './lib/bench-kit.ts';
import { BenchError, startBenchServer } from './lib/bench-server.ts';
import { communitySize, describeCommunity, generateCommunity, type GenerationRow } from './lib/community.ts';
import {
  askersFor,
  BenchApi,
  createBenchDatabase,
  questionAndVoteWriter,
  reuseBenchDatabase,
  redact,
  type Person,
} from './lib/live-bench.ts';
import { eventKey, now, percentile } from './lib/live-sockets.ts';
import { createFloorTable, startReadFloor } from './lib/read-floor.ts';

const { values } = parseArgs({
  options: {
    /** Share of the benchmark community (1 = 100,000 people, 1,000,000 questions…). */
    scale: { type: 'string', default: '1' },
    /** Seconds of load per measurement. */
    duration: { type: 'string', default: '3' },
    /** Unmeasured seconds before each read's first measurement. */
    warmup: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '20' },
    /** DATABASE_POOL_MAX of the server under load. */
    pool: { type: 'string', default: '10' },
    /** Signed-in viewers, whose cookies the load rotates over. */
    viewers: { type: 'string', default: '10' },
    /** Injections per read when counting statements. */
    statements: { type: 'string', default: '20' },
    /** Measured writes (alternately a question and a vote). */
    writes: { type: 'string', default: '40' },
    /** Only reads whose name contains this. */
    only: { type: 'string', default: '' },
    keep: { type: 'boolean', default: false },
    /** A database an earlier run kept (--keep): migrated and measured again, not generated again. */
    reuse: { type: 'string', default: '' },
  },
});
const int = (
  name: 'duration' | 'warmup' | 'rounds' | 'connections' | 'pool' | 'viewers' | 'statements' | 'writes',
  min: number,
) => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < min) throw new BenchError(`--${name} must be an integer of at least ${min}`);
  return value;
};
const scale = Number(values.scale);
if (!(scale > 0 && scale <= 10)) throw new BenchError('--scale must be a number above 0 (1 is the full community)');
const options = {
  duration: int('duration', 1),
  warmup: int('warmup', 0),
  rounds: int('rounds', 1),
  connections: int('connections', 1),
  pool: int('pool', 1),
  viewers: int('viewers', 1),
  statements: int('statements', 1),
  writes: int('writes', 2),
};

const machine = (label: string) => {
  const [one, five, fifteen] = os.loadavg().map((n) => n.toFixed(2));
  return `${label}: load average ${one} ${five} ${fifteen}`;
};

// ---------------------------------------------------------------------------------------------
// The reads

interface Read {
  name: string;
  /** Paths, rotated over by the load (and the statement count). */
  paths: string[];
  /** Who reads: anonymous, every viewer in turn, or only the first viewer (the host of a group). */
  as: ('anonymous' | 'viewers' | 'host')[];
}

interface Fixture {
  largest: { id: string; slug: string };
  middle: { id: string; slug: string };
  hosted: { id: string };
  question: string;
  answered: string;
  post: string;
  comment: string;
  session: string;
}

async function findFixture(client: pg.Client, hostId: string): Promise<Fixture> {
  const one = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T> => {
    const result = await client.query<T>(sql, params);
    if (!result.rows[0]) throw new BenchError(`no row for: ${sql}`);
    return result.rows[0];
  };
  const largest = await one<{ id: string; slug: string }>(`select id, slug from groups where slug = 'bench-group-1'`);
  const middle = await one<{ id: string; slug: string }>(
    `select id, slug from groups order by subscriber_count desc offset (select count(*) / 50 from groups) limit 1`,
  );
  const hosted = await one<{ id: string }>(`select id from groups where owner_id = $1`, [hostId]);
  const question = await one<{ id: string }>(
    `select id from questions where group_id = $1 and status = 'open' and not is_hidden
      order by comment_count desc, like_count desc limit 1`,
    [largest.id],
  );
  const answered = await one<{ id: string }>(
    `select id from questions where group_id = $1 and status = 'answered' and not is_hidden
      order by comment_count desc limit 1`,
    [largest.id],
  );
  const post = await one<{ id: string }>(
    `select id from posts where group_id = $1 order by comment_count desc, like_count desc limit 1`,
    [largest.id],
  );
  const comment = await one<{ id: string }>(
    `select id from comments where parent_id = $1 order by like_count desc limit 1`,
    [post.id],
  );
  const session = await one<{ id: string }>(`select id from ama_sessions where status = 'live' limit 1`);
  return {
    largest,
    middle,
    hosted,
    question: question.id,
    answered: answered.id,
    post: post.id,
    comment: comment.id,
    session: session.id,
  };
}

function readsOf(f: Fixture): Read[] {
  const both: Read['as'] = ['anonymous', 'viewers'];
  const q = encodeURIComponent;
  const reads: Read[] = [
    { name: 'group page (largest group)', paths: [`/api/groups/by-slug/${q(f.largest.slug)}`], as: both },
    { name: 'group page (a middle group)', paths: [`/api/groups/by-slug/${q(f.middle.slug)}`], as: both },
    { name: 'posts', paths: [`/api/groups/${f.largest.id}/posts`], as: both },
  ];
  for (const view of ['open', 'answered'] as const) {
    for (const sort of ['top', 'new', 'fresh'] as const) {
      reads.push({
        name: `questions ${view}, ${sort}`,
        paths: [`/api/groups/${f.largest.id}/questions?sort=${sort}&view=${view}`],
        as: both,
      });
    }
  }
  // the group's answer-later list (empty in the generated community: the cost of asking)
  reads.push({
    name: 'questions later, top',
    paths: [`/api/groups/${f.largest.id}/questions?sort=top&view=later`],
    as: both,
  });
  for (const view of ['pending', 'hidden'] as const) {
    for (const sort of ['top', 'new'] as const) {
      reads.push({
        name: `questions ${view}, ${sort} (host)`,
        paths: [`/api/groups/${f.hosted.id}/questions?sort=${sort}&view=${view}`],
        as: ['host'],
      });
    }
  }
  reads.push(
    { name: 'one question', paths: [`/api/questions/${f.question}`, `/api/questions/${f.answered}`], as: both },
    { name: 'question comments', paths: [`/api/questions/${f.question}/comments`], as: both },
    { name: 'one post', paths: [`/api/posts/${f.post}`], as: both },
    { name: 'post comments', paths: [`/api/posts/${f.post}/comments`], as: both },
    { name: 'post likers', paths: [`/api/likes/post/${f.post}`], as: both },
    { name: 'my subscriptions', paths: ['/api/me/subscriptions'], as: ['viewers'] },
    { name: 'feed', paths: ['/api/me/feed'], as: ['viewers'] },
    { name: 'dashboard', paths: ['/api/me/dashboard'], as: ['viewers'] },
    { name: 'notifications', paths: ['/api/notifications'], as: ['viewers'] },
    { name: 'notifications unread count', paths: ['/api/notifications/unread-count'], as: ['viewers'] },
    { name: 'sessions upcoming', paths: ['/api/sessions?view=upcoming'], as: both },
    { name: 'sessions live', paths: ['/api/sessions?view=live'], as: both },
    { name: 'sessions past', paths: ['/api/sessions?view=past'], as: both },
    { name: 'one session', paths: [`/api/sessions/${f.session}`], as: both },
    { name: 'my sessions', paths: ['/api/me/sessions'], as: ['viewers'] },
    {
      name: 'suggestions, 2 characters',
      paths: ['/api/search/suggestions?q=ma', '/api/search/suggestions?q=jo'],
      as: both,
    },
    {
      name: 'suggestions, 3 characters',
      paths: ['/api/search/suggestions?q=mar', '/api/search/suggestions?q=kub'],
      as: both,
    },
    {
      name: 'suggestions, a whole name',
      paths: ['/api/search/suggestions?q=maria%20garcia', '/api/search/suggestions?q=john%20smith'],
      as: both,
    },
    {
      name: 'suggestions, two words',
      paths: ['/api/search/suggestions?q=postgres%20indexing', '/api/search/suggestions?q=sourdough%20bread'],
      as: both,
    },
    { name: '/search people', paths: ['/api/search?type=people&q=maria'], as: both },
    { name: '/search groups', paths: ['/api/search?type=groups&q=coffee'], as: both },
    { name: '/search questions', paths: ['/api/search?type=questions&q=postgres'], as: both },
    { name: '/search posts', paths: ['/api/search?type=posts&q=kubernetes'], as: both },
  );
  return values.only ? reads.filter((read) => read.name.includes(values.only ?? '')) : reads;
}

// ---------------------------------------------------------------------------------------------
// The load

let addressCounter = 0;
/** Each request from another address (TRUST_PROXY=loopback), so per-address limits never refuse. */
const nextAddress = () => {
  addressCounter = (addressCounter + 1) % (250 * 250 * 250);
  const n = addressCounter;
  return `10.${Math.floor(n / 62_500) % 250}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
};

interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, paths: string[], cookies: string[], duration: number): Promise<Measurement> {
  let turn = 0;
  const result = await autocannon({
    url,
    connections: options.connections,
    duration,
    requests: paths.map((p) => ({
      method: 'GET' as const,
      path: p,
      setupRequest: (request: autocannon.Request) => {
        turn += 1;
        const cookie = cookies.length > 0 ? cookies[turn % cookies.length] : undefined;
        return {
          ...request,
          headers: { ...request.headers, 'x-forwarded-for': nextAddress(), ...(cookie ? { cookie } : {}) },
        };
      },
    })),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

// ---------------------------------------------------------------------------------------------
// Statements per request: the app in-process on the same database, pg.Client#query counted on
// its own pool (application_name 'townhall'; pg-boss, the live bus and the bench are others).

let counting = false;
let statements = 0;
function countStatements(): void {
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (
    this: pg.Client & { connectionParameters?: { application_name?: string } },
    ...args: unknown[]
  ) {
    if (counting && this.connectionParameters?.application_name === 'townhall') statements += 1;
    return (original as (...all: unknown[]) => unknown).apply(this, args);
  } as typeof original;
}

async function statementsPerRequest(
  app: FastifyInstance,
  paths: string[],
  cookie: string | undefined,
): Promise<string> {
  const inject = async (i: number) => {
    const response = await app.inject({
      method: 'GET',
      url: paths[i % paths.length] ?? '/',
      remoteAddress: nextAddress(),
      headers: cookie ? { cookie } : {},
    });
    if (response.statusCode !== 200)
      throw new BenchError(`${paths[i % paths.length]} answered ${response.statusCode} in-process`);
  };
  for (let i = 0; i < 3; i++) await inject(i);
  statements = 0;
  counting = true;
  try {
    for (let i = 0; i < options.statements; i++) await inject(i);
  } finally {
    counting = false;
  }
  return (statements / options.statements).toFixed(1);
}

// ---------------------------------------------------------------------------------------------
// Writes: one writer, a question or a vote at a time, until its event reaches a subscribed socket.

async function measureWrites(url: string, api: BenchApi): Promise<Record<string, string>> {
  const host = await api.signUp(`bench_reads_host_${randomBytes(3).toString('hex')}`);
  const created = await api.expect(201, host, 'POST', '/api/groups', {
    name: 'Reads bench writes',
    slug: `reads-bench-${randomBytes(4).toString('hex')}`,
    ama: true,
  });
  const groupId = (created.group as { id?: string } | undefined)?.id;
  if (!groupId) throw new BenchError('creating the writes group failed');
  const total = options.writes + 4;
  const askers: Person[] = [];
  for (let i = 0; i < askersFor(Math.ceil(total / 2)); i++) {
    askers.push(await api.signUp(`bench_reads_asker_${i}_${randomBytes(3).toString('hex')}`));
  }
  const voter = await api.signUp(`bench_reads_voter_${randomBytes(3).toString('hex')}`);
  // asking and voting in an ama group takes a subscription
  for (const person of [...askers, voter]) await api.expect(200, person, 'PUT', `/api/groups/${groupId}/subscription`);
  const write = questionAndVoteWriter({ api, groupId, askers, voter });
  const socket = new WebSocket(`${url.replace('http:', 'ws:')}/api/live`, { headers: { origin: url } });
  cleanups.push(async () => socket.terminate());
  const arrivals = new Map<string, number>();
  const waiters = new Map<string, (at: number) => void>();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new BenchError('the live socket did not subscribe within 10 s')), 10_000);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'subscribe', topic: `group:${groupId}` })));
    socket.on('message', (data: Buffer) => {
      const at = now();
      const message = JSON.parse(data.toString()) as {
        type?: string;
        event?: string;
        ids?: Record<string, unknown>;
        data?: Record<string, unknown>;
      };
      if (message.type === 'subscribed') {
        clearTimeout(timer);
        resolve();
      } else if (message.type === 'event') {
        const key = eventKey(message);
        const waiter = waiters.get(key);
        if (waiter) waiter(at);
        else arrivals.set(key, at);
      }
    });
    socket.on('error', reject);
  });
  const roundTrips: number[] = [];
  const responses: number[] = [];
  for (let i = 0; i < total; i++) {
    const { key, sentAt, answeredAt } = await write(i);
    const eventAt =
      arrivals.get(key) ??
      (await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new BenchError(`no live event for ${key} within 10 s`)), 10_000);
        waiters.set(key, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      }));
    waiters.delete(key);
    if (i >= 4) {
      roundTrips.push(Math.max(answeredAt, eventAt) - sentAt);
      responses.push(answeredAt - sentAt);
    }
  }
  socket.close();
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
  return {
    writes: String(roundTrips.length),
    'response p50 ms': millis(percentile(sorted(responses), 50)),
    'response p99 ms': millis(percentile(sorted(responses), 99)),
    'with its live event p50 ms': millis(percentile(sorted(roundTrips), 50)),
    'with its live event p99 ms': millis(percentile(sorted(roundTrips), 99)),
  };
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const cpus = os.cpus();
  console.log(
    `Machine: ${cpus.length} CPU(s) ${cpus[0]?.model ?? ''}, ${Math.round(os.totalmem() / 1024 ** 3)} GB RAM, Node ${process.version}`,
  );
  console.log(machine('At the start'));
  const database = values.reuse
    ? await reuseBenchDatabase(values.reuse)
    : await createBenchDatabase('townhall_reads_bench', values.keep ?? false);
  console.log(
    `PostgreSQL ${database.version} at ${redact(serverUrl())}, database ${database.name}, scale ${values.reuse ? 'of the run that made it' : scale}`,
  );
  await runMigrations(database.url, pino({ level: 'silent' }));

  if (values.reuse) {
    console.log('\nThe community of an earlier run (--reuse), migrated, not generated again.');
  } else {
    const size = communitySize(scale);
    const generation: GenerationRow[] = await withServerClient(database.url, async (client) => {
      const rows = await generateCommunity(client, size);
      const start = performance.now();
      await createFloorTable(client);
      rows.push({ step: 'floor table', rows: count(100_000), time: seconds(performance.now() - start) });
      return rows;
    });
    console.log('\nThe community, made in SQL:');
    console.table(generation);
  }

  const sessionSecret = randomBytes(32).toString('hex');
  const server = await startBenchServer({
    databaseUrl: database.url,
    pool: options.pool,
    sessionSecret,
    onCleanup: (step) => cleanups.push(step),
  });
  const floor = await startReadFloor(database.url, (step) => cleanups.push(step));

  // Viewers signed up through the API; then their subscriptions (the ten largest groups and 40
  // others), follows and notifications in SQL, and the first one hosts a busy group.
  const api = new BenchApi(server.url);
  const viewers: Person[] = [];
  for (let i = 0; i < options.viewers; i++) {
    viewers.push(await api.signUp(`bench_viewer_${i + 1}_${randomBytes(2).toString('hex')}`));
  }
  const host = viewers[0];
  if (!host) throw new BenchError('no viewers');
  await withServerClient(database.url, async (client) => {
    const ids = viewers.map((viewer) => viewer.id);
    await client.query(
      `insert into group_subscriptions (group_id, user_id, created_at, updated_at, last_viewed_at)
       select g.id, v.id, now() - interval '100 days', now() - interval '100 days', now() - interval '1 day'
         from unnest($1::text[]) as v(id)
         cross join lateral (
           (select id from groups where slug in (select 'bench-group-' || i from generate_series(1, 10) as i))
           union
           (select id from groups where ama order by md5(id::text || v.id) limit 40)
         ) as g
       on conflict do nothing`,
      [ids],
    );
    await client.query(
      `insert into follows (follower_id, followed_id, created_at)
       select v.id, 'u' || i, now() - interval '50 days' from unnest($1::text[]) as v(id), generate_series(1, 30) as i
       on conflict do nothing`,
      [ids],
    );
    await client.query(
      `insert into notifications (user_id, kind, actor_id, group_id, target_type, target_id, excerpt, created_at, read_at)
       select v.id, k.kind, q.author_id, q.group_id, 'question', q.id::text, left(q.body, 80),
              now() - (i || ' hours')::interval, case when i > 20 then now() end
         from unnest($1::text[]) as v(id)
         cross join generate_series(1, 200) as i
         cross join lateral (select (array['new_question', 'new_answer', 'reply'])[1 + i % 3] as kind) as k
         cross join lateral (select id, author_id, group_id, body from questions
                              where group_id = (select id from groups where slug = 'bench-group-2')
                              order by created_at desc offset i limit 1) as q`,
      [ids],
    );
    // the first viewer hosts group 2 (a large one), so the host's views are measured
    await client.query(`update groups set owner_id = $1 where slug = 'bench-group-2'`, [host.id]);
    await client.query(
      `update questions set is_hidden = true
        where id in (select id from questions where group_id = (select id from groups where slug = 'bench-group-2')
                      and status = 'open' order by created_at desc limit 50)`,
    );
    await client.query(
      `update users u set subscribing = (select count(*) from group_subscriptions s where s.user_id = u.id),
                          following = (select count(*) from follows f where f.follower_id = u.id)
        where u.id = any($1::text[])`,
      [ids],
    );
    await client.query(
      `update users u set followers = (select count(*) from follows f where f.followed_id = u.id)
        where u.id in (select 'u' || i from generate_series(1, 30) as i)`,
    );
    await client.query(
      `update groups g set subscriber_count = (select count(*) from group_subscriptions s where s.group_id = g.id)
        where g.id in (select group_id from group_subscriptions where user_id = any($1::text[]))`,
      [ids],
    );
    await client.query('vacuum (analyze) group_subscriptions, follows, notifications, users, groups, questions');
  });
  const fixture = await withServerClient(database.url, (client) => findFixture(client, host.id));
  await withServerClient(database.url, async (client) => {
    console.log('\nThe community:');
    console.table(await describeCommunity(client));
  });
  const reads = readsOf(fixture);

  // The same app in-process, for the statement counts.
  countStatements();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townhall-reads-bench-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PUBLIC_URL: server.url,
      SESSION_SECRET: sessionSecret,
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'silent',
    }),
    databaseUrl: database.url,
    logger: false,
  });
  await app.ready();
  cleanups.push(() => app.close());

  const cookiesOf = (as: Read['as'][number]) =>
    as === 'anonymous' ? [] : as === 'host' ? [host.cookie] : viewers.map((viewer) => viewer.cookie);
  const statementCounts = new Map<string, string>();
  for (const read of reads) {
    for (const as of read.as) {
      statementCounts.set(`${read.name}|${as}`, await statementsPerRequest(app, read.paths, cookiesOf(as)[0]));
    }
  }

  // Interleaved: floor, read A (each way), floor, read B, … for every round.
  const floors: Measurement[] = [];
  const measured = new Map<string, Measurement[]>();
  const floorPaths = [
    '/items',
    `/items?before=${encodeURIComponent(new Date(Date.now() - 50_000_000).toISOString())}&id=50000`,
  ];
  if (options.warmup > 0) {
    await load(floor.url, floorPaths, [], options.warmup);
    for (const read of reads)
      for (const as of read.as) await load(server.url, read.paths, cookiesOf(as), options.warmup);
  }
  for (let round = 1; round <= options.rounds; round++) {
    console.log(`round ${round} of ${options.rounds}…`);
    for (const read of reads) {
      floors.push(await load(floor.url, floorPaths, [], options.duration));
      for (const as of read.as) {
        const key = `${read.name}|${as}`;
        const list = measured.get(key) ?? [];
        list.push(await load(server.url, read.paths, cookiesOf(as), options.duration));
        measured.set(key, list);
      }
    }
  }

  const mean = (list: number[]) => list.reduce((sum, n) => sum + n, 0) / Math.max(1, list.length);
  const floorRps = mean(floors.map((m) => m.rps));
  const table: Record<string, string>[] = [];
  table.push({
    read: 'floor: bare Fastify + pg Pool(10), 20-row keyset page',
    as: '–',
    'req/s': count(Math.round(floorRps)),
    'p50 ms': millis(mean(floors.map((m) => m.p50))),
    'p99 ms': millis(Math.max(...floors.map((m) => m.p99))),
    statements: '1.0',
    'ratio to floor': '1.00',
    'non-2xx': count(floors.reduce((sum, m) => sum + m.errors, 0)),
  });
  for (const read of reads) {
    for (const as of read.as) {
      const list = measured.get(`${read.name}|${as}`) ?? [];
      const rps = mean(list.map((m) => m.rps));
      table.push({
        read: read.name,
        as: as === 'viewers' ? 'signed in' : as === 'host' ? 'host' : 'anonymous',
        // 0: not one response came back within a window (every request took longer)
        'req/s': rps > 0 ? count(Math.round(rps)) : `0 (none within ${options.duration} s)`,
        'p50 ms': millis(mean(list.map((m) => m.p50))),
        'p99 ms': millis(Math.max(...list.map((m) => m.p99))),
        statements: statementCounts.get(`${read.name}|${as}`) ?? '?',
        'ratio to floor': (rps / floorRps).toFixed(2),
        'non-2xx': count(list.reduce((sum, m) => sum + m.errors, 0)),
      });
    }
  }
  console.log(
    `\nReads: autocannon, ${options.connections} connections on loopback, ${options.rounds} round(s) of ` +
      `${options.duration} s per read, interleaved with the floor (${floors.length} floor runs; its figures are their mean, ` +
      `p99 the worst of the rounds). Statements: per request, the app in-process on the same database, ` +
      `${options.statements} requests per read.`,
  );
  console.table(table);
  // a line per read for docs/PERFORMANCE.md
  console.log('\n| read | as | req/s | p50 ms | p99 ms | statements | ratio to the floor |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of table) {
    console.log(
      `| ${row.read} | ${row.as} | ${row['req/s']} | ${row['p50 ms']} | ${row['p99 ms']} | ${row.statements} | ${row['ratio to floor']} |`,
    );
  }

  console.log(
    '\nWrites: a single writer, alternately a question and a vote on it, each until its live event reached a subscribed socket:',
  );
  console.table([await measureWrites(server.url, api)]);
  console.log(machine('At the end'));
}

await runBench(main, { exitAtEnd: true });
