// `npm run bench search [-- --users 100000 --groups 10000 --posts 100000 --questions 100000 --duration 5 --rounds 2 --connections 20]`
// The top bar's suggestions (GET /api/search/suggestions) and the /search tabs (GET /api/search)
// on PostgreSQL at scale. It makes a fresh database (townhall_bench_<random>) on BENCH_DATABASE_URL,
// TEST_DATABASE_URL or the local server, migrates it, fills it with set-based SQL (names and words
// drawn from real-looking lists, popular ones more often), starts the real server on it as a child
// process (NODE_ENV=production), loads each query with autocannon on loopback (each request from
// its own X-Forwarded-For address, so the per-address limit measures its cost but never refuses)
// and prints requests per second, p50/p99 latency, the statements per request and their SQL time
// (EXPLAIN ANALYZE of the statements the server's own search functions send). The read
// floor (scripts/bench/lib/search-floor.ts, a bare Fastify + node-postgres 20-row keyset list) is
// loaded in the same run, interleaved with every row (app, floor, app, floor… over --rounds), and
// each row prints its ratio to the floor. The database is dropped at the end unless --keep.
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
import { runSearch } from '../../server/features/search/run-search.ts';
import { suggest } from '../../server/features/search/suggest.ts';
import type { SearchType } from '../../shared/schemas/search.ts';
import { BenchError, startBenchServer, type BenchServer } from './lib/bench-server.ts';
import { cleanups, count, millis, seconds, serverUrl, runBench } from './lib/bench-kit.ts';
import { floorRatio, loadFloor, startReadFloor } from './lib/search-floor.ts';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    groups: { type: 'string', default: '10000' },
    posts: { type: 'string', default: '100000' },
    questions: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '5' },
    /** Rounds per row, each one load of the app then one of the floor. */
    rounds: { type: 'string', default: '2' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '20' },
    /** DATABASE_POOL_MAX of the server under load. */
    pool: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
  },
});

const int = (name: keyof typeof values, min: number): number => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer of at least ${min}`);
  return value;
};
const options = {
  users: int('users', 100),
  groups: int('groups', 10),
  posts: int('posts', 0),
  questions: int('questions', 0),
  duration: int('duration', 1),
  rounds: int('rounds', 1),
  warmup: int('warmup', 0),
  connections: int('connections', 1),
  pool: int('pool', 1),
};

const silent = pino({ level: 'silent' });

// ---------------------------------------------------------------------------------------------
// The database

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function createBenchDatabase(): Promise<{ url: string; name: string; version: string }> {
  const admin = new URL(serverUrl());
  admin.pathname = '/postgres';
  const name = `townhall_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin.toString(), application_name: 'townhall-bench' });
  await client.connect();
  await client.query(`create database "${name}"`);
  const version = (await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version;
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  cleanups.push(async () => {
    if (values.keep) return console.log(`\nKept the database (--keep): ${redact(url.toString())}`);
    const dropper = new pg.Client({ connectionString: admin.toString() });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  });
  return { url: url.toString(), name, version: version ?? '?' };
}

const FIRST_NAMES = (
  'john jane maria ahmed li sofia lucas emma noah olivia yuki omar fatima david sarah michael anna james ' +
  'laura daniel elena carlos chloe mateo aisha ivan nina pedro grace ali hannah leo mia adam zoe samuel ' +
  'priya arjun wei mei hiroshi kenji amara kofi lena felix ingrid oscar clara hugo julia tomas eva'
).split(' ');
const LAST_NAMES = (
  'smith garcia chen muller rossi dubois kowalski silva kim novak johnson brown tanaka sato nguyen patel ' +
  'singh khan cohen levy martin bernard schmidt fischer weber romano ricci costa santos oliveira lopez ' +
  'hernandez gonzalez perez wilson taylor anderson thomas moore jackson white harris clark lewis walker ' +
  'young king wright scott green baker adams nelson hill campbell mitchell roberts carter phillips evans'
).split(' ');
const WORDS = (
  'kubernetes deploy helm docker python rust javascript typescript react design pricing startup hiring ' +
  'remote coffee guitar garden travel photos climbing budget podcast writing music cooking bread sourdough ' +
  'marathon running cycling chess painting drawing camera lens film jazz piano vinyl fermentation beer wine ' +
  'investing taxes mortgage career interview salary negotiation leadership management product roadmap ' +
  'analytics database postgres indexing performance latency scaling caching testing security privacy ' +
  'climate energy solar battery electric cars bikes trains cities housing schools teaching learning ' +
  'language spanish japanese french history science space astronomy physics biology medicine health ' +
  'sleep fitness yoga meditation parenting babies dogs cats birds hiking camping fishing sailing ' +
  'the and for with about how what why when where who your my our this that best first new'
).split(' ');

interface GenerationRow {
  step: string;
  rows: string;
  time: string;
}

/** Popular entries more often: index 1..n drawn with a skew towards the start of the list. */
const pick = (list: string, n: number, roll = 'random()') => `(${list})[1 + floor(power(${roll}, 2) * ${n})::int]`;

async function generate(client: pg.Client): Promise<GenerationRow[]> {
  const rows: GenerationRow[] = [];
  const step = async (name: string, sql: string, params: unknown[] = []) => {
    const start = performance.now();
    const result = await client.query(sql, params);
    rows.push({ step: name, rows: count(result.rowCount ?? 0), time: seconds(performance.now() - start) });
  };
  const superuser = await client.query<{ rolsuper: boolean }>(
    'select rolsuper from pg_roles where rolname = current_user',
  );
  if (superuser.rows[0]?.rolsuper === true) await client.query('set session_replication_role = replica');
  await client.query(`set maintenance_work_mem = '512MB'`);
  const total = performance.now();
  // $1 is the word list in the statements that use this. A third of the words are real ones
  // (any of them about as often); the rest are rare made-up ones, as names, places and jargon are.
  const rare = `substr(translate(md5(random()::text), '0123456789', 'aeiouyklmr'), 1, 4 + floor(random() * 5)::int)`;
  const words = (n: string) =>
    `(select string_agg(case when random() < 0.35 then ($1::text[])[1 + floor(random() * ${WORDS.length})::int]
                             else ${rare} end, ' ')
        from generate_series(1, ${n}) as w where w > 0 * i)`;
  await step(
    'users',
    `insert into users (id, name, email, email_verified, username, quote, followers, created_at, updated_at, last_token_update)
     select 'u' || i, initcap(${pick('$1::text[]', FIRST_NAMES.length)}) || ' ' ||
            -- common last names for a third of the people, rarer ones for the rest
            initcap(case when random() < 0.35 then ${pick('$2::text[]', LAST_NAMES.length)} else ${rare} end),
            'u' || i || '@bench.example', true,
            ${pick('$1::text[]', FIRST_NAMES.length)} || '_' || i,
            case when i % 3 = 0 then 'Questions welcome, answers promised.' else '' end,
            floor(power(random(), 6) * 50000)::int, now(), now(), now()
       from generate_series(1, $3::int) as i`,
    [FIRST_NAMES, LAST_NAMES, options.users],
  );
  await step(
    'groups',
    `insert into groups (slug, name, description, owner_id, ama, subscriber_count)
     select 'group-' || i, initcap(${pick('$1::text[]', WORDS.length)}) || ' ' || initcap(${pick('$1::text[]', WORDS.length)}) || ' ' ||
            (array['club', 'circle', 'guild', 'lab', 'corner', 'crew'])[1 + i % 6],
            ${words('8 + i % 10')}, 'u' || (1 + i % $2::int), i % 5 = 0, floor(power(random(), 4) * 20000)::int
       from generate_series(1, $3::int) as i`,
    [WORDS, options.users, options.groups],
  );
  for (const table of ['posts', 'questions'] as const) {
    const howMany = table === 'posts' ? options.posts : options.questions;
    await step(
      table,
      `insert into ${table} (group_id, author_id, body, like_count${table === 'questions' ? ', status, is_hidden' : ''})
       select g.id, 'u' || (1 + (i * 7) % $2::int), initcap(${words(table === 'posts' ? '12 + i % 30' : '6 + i % 12')}),
              floor(power(random(), 4) * 500)::int
              ${table === 'questions' ? `, (array['open', 'answered', 'open', 'pending'])[1 + i % 4], i % 50 = 0` : ''}
         from generate_series(1, $3::int) as i join groups g on g.slug = 'group-' || (1 + i % $4::int)`,
      [WORDS, options.users, howMany, options.groups],
    );
  }
  await client.query('set session_replication_role = origin');
  // Triggers were off (replica role), so the search lexicon is filled as migration 0013 fills it.
  await step(
    'search terms',
    `insert into search_terms (term)
     select word from ts_stat('select search_vector from posts union all select search_vector from questions')
      where char_length(word) between 3 and 40
     on conflict do nothing`,
  );
  const start = performance.now();
  await client.query('vacuum (analyze) users, groups, posts, questions, search_terms');
  rows.push({ step: 'vacuum analyze', rows: '', time: seconds(performance.now() - start) });
  rows.push({ step: 'total', rows: '', time: seconds(performance.now() - total) });
  return rows;
}

// ---------------------------------------------------------------------------------------------
// The server

/** The real server on the bench database (scripts/bench/lib/bench-server.ts). */
async function startServer(databaseUrl: string): Promise<BenchServer> {
  return startBenchServer({ databaseUrl, pool: options.pool, onCleanup: (step) => cleanups.push(step) });
}

// ---------------------------------------------------------------------------------------------
// The load

interface Scenario {
  endpoint: 'suggestions' | SearchType;
  kind: string;
  queries: string[];
  /**
   * Each request asks for a text of its own (first and last names drawn at random, 3,180 of
   * them), so answers are mostly ranked rather than served again from the app's cache of recent
   * answers (decision 022): what a text nobody asked for a moment ago costs.
   */
  fresh?: boolean;
}

const freshName = () =>
  `${FIRST_NAMES[Math.floor(Math.random() * FIRST_NAMES.length)]} ${LAST_NAMES[Math.floor(Math.random() * LAST_NAMES.length)]}`;

const SCENARIOS: Scenario[] = [
  { endpoint: 'suggestions', kind: '1 character', queries: ['j', 'm', 's', 'a', 'k', 'r'] },
  { endpoint: 'suggestions', kind: '3 characters', queries: ['joh', 'mar', 'sof', 'kub', 'rus', 'gar'] },
  { endpoint: 'suggestions', kind: 'whole name', queries: ['john smith', 'maria garcia', 'yuki tanaka'] },
  {
    endpoint: 'suggestions',
    kind: 'misspelled',
    queries: ['jonh smiht', 'mraia garcai', 'kubernets', 'pyhton', 'sourdogh'],
  },
  { endpoint: 'suggestions', kind: 'whole name, mostly new', queries: ['john smith'], fresh: true },
  { endpoint: 'people', kind: 'misspelled', queries: ['jonh smiht', 'mraia', 'hirosih'] },
  { endpoint: 'people', kind: 'whole name, mostly new', queries: ['john smith'], fresh: true },
  { endpoint: 'groups', kind: 'words', queries: ['rust', 'coffee club', 'kubernets'] },
  { endpoint: 'questions', kind: 'words', queries: ['deploy kubernetes', 'sourdough', 'salary negotiaton'] },
  { endpoint: 'posts', kind: 'words', queries: ['kubernetes', 'the', 'marathon running'] },
];

const pathOf = (scenario: Scenario, q: string) =>
  scenario.endpoint === 'suggestions'
    ? `/api/search/suggestions?q=${encodeURIComponent(q)}`
    : `/api/search?type=${scenario.endpoint}&q=${encodeURIComponent(q)}`;

let addressCounter = 0;
/** A new address for every request (198.18.0.0/15, the benchmarking range). */
function nextAddress(): string {
  addressCounter = (addressCounter + 1) % 131_072;
  return `198.${18 + (addressCounter >> 16)}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

async function load(server: BenchServer, scenario: Scenario, duration: number): Promise<autocannon.Result> {
  return autocannon({
    url: server.url,
    connections: options.connections,
    duration,
    requests: scenario.queries.map((q) => ({
      method: 'GET' as const,
      path: pathOf(scenario, q),
      setupRequest: (request: autocannon.Request) => ({
        ...request,
        ...(scenario.fresh ? { path: pathOf(scenario, freshName()) } : {}),
        headers: { ...request.headers, 'x-forwarded-for': nextAddress() },
      }),
    })),
  });
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/**
 * EXPLAIN ANALYZE of every statement the server's own function sends for one query: how many,
 * total ms, seq scans.
 */
async function sqlTime(
  pool: pg.Pool,
  scenario: Scenario,
  q: string,
): Promise<{ statements: number; ms: number; seqScans: string[] }> {
  const captured: { query: string; params: unknown[] }[] = [];
  const db = drizzle({
    client: pool,
    schema,
    casing: 'snake_case',
    logger: { logQuery: (query, params) => void captured.push({ query, params }) },
  }) as unknown as Queryable;
  if (scenario.endpoint === 'suggestions') await suggest({ db, q });
  else await runSearch({ db, q, type: scenario.endpoint });
  let ms = 0;
  const seqScans: string[] = [];
  for (const statement of captured) {
    const result = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
      `explain (analyze, format json) ${statement.query}`,
      statement.params,
    );
    const top = result.rows[0]?.['QUERY PLAN'][0];
    if (!top) continue;
    ms += top['Execution Time'];
    const visit = (node: PlanNode) => {
      if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) seqScans.push(node['Relation Name']);
      for (const child of node.Plans ?? []) visit(child);
    };
    visit(top.Plan);
  }
  return { statements: captured.length, ms, seqScans };
}

async function main(): Promise<void> {
  const cpus = os.cpus();
  const database = await createBenchDatabase();
  console.log(
    `Node ${process.version}, PostgreSQL ${database.version} at ${redact(serverUrl())}, ` +
      `${cpus.length} CPU(s) ${cpus[0]?.model ?? ''}, ${Math.round(os.totalmem() / 1024 ** 3)} GB RAM\n` +
      `Database ${database.name}: ${count(options.users)} users, ${count(options.groups)} groups, ` +
      `${count(options.posts)} posts, ${count(options.questions)} questions\n`,
  );
  await runMigrations(database.url, silent);
  const client = new pg.Client({ connectionString: database.url, application_name: 'townhall-bench' });
  await client.connect();
  cleanups.push(() => client.end());
  console.log('Data generation (set-based SQL)');
  console.table(await generate(client));

  const server = await startServer(database.url);
  const floor = await startReadFloor({
    databaseUrl: database.url,
    pool: 10,
    onCleanup: (step) => cleanups.push(step),
  });
  for (const scenario of SCENARIOS) {
    for (const q of scenario.queries) {
      const response = await fetch(`${server.url}${pathOf(scenario, q)}`, {
        headers: { 'x-forwarded-for': nextAddress() },
      });
      if (response.status !== 200) {
        throw new BenchError(`GET ${pathOf(scenario, q)} answered ${response.status}: ${await response.text()}`);
      }
    }
  }
  console.log(
    `\nautocannon ${options.connections} connections, ${options.warmup} s warm-up, then ${options.rounds} round(s) ` +
      `per row of ${options.duration} s on the app and ${options.duration} s on the floor (interleaved); ` +
      `server pool ${options.pool} connections, NODE_ENV=production, LOG_LEVEL=warn; the queries of a row rotate`,
  );
  const pool = new pg.Pool({ connectionString: database.url, max: 1, application_name: 'townhall-bench' });
  cleanups.push(() => pool.end());
  const results: Record<string, string>[] = [];
  const floorRates: number[] = [];
  let failed = false;
  const mean = (list: number[]) => list.reduce((sum, n) => sum + n, 0) / Math.max(1, list.length);
  for (const scenario of SCENARIOS) {
    if (options.warmup > 0) {
      await load(server, scenario, options.warmup);
      await loadFloor(floor, { connections: options.connections, duration: options.warmup });
    }
    const app = { rates: [] as number[], p50: [] as number[], p99: [] as number[], errors: 0 };
    const floorRound: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const result = await load(server, scenario, options.duration);
      if (result.non2xx + result.errors > 0) failed = true;
      app.errors += result.non2xx + result.errors;
      app.rates.push(result.requests.average);
      app.p50.push(result.latency.p50);
      app.p99.push(result.latency.p99);
      const floorResult = await loadFloor(floor, { connections: options.connections, duration: options.duration });
      if (floorResult.non2xx + floorResult.errors > 0) failed = true;
      floorRound.push(floorResult.requests.average);
    }
    floorRates.push(...floorRound);
    const times = [];
    const statements = new Set<number>();
    const seqScans = new Set<string>();
    for (const q of scenario.queries) {
      const time = await sqlTime(pool, scenario, q);
      times.push(time.ms);
      statements.add(time.statements);
      for (const table of time.seqScans) seqScans.add(table);
    }
    const target = scenario.endpoint === 'suggestions' ? 0.25 : 0.15;
    results.push({
      endpoint:
        scenario.endpoint === 'suggestions' ? 'GET /api/search/suggestions' : `GET /api/search ${scenario.endpoint}`,
      queries: `${scenario.kind}: ${scenario.queries.join(', ')}`.slice(0, 60),
      'req/s': mean(app.rates).toFixed(0),
      'p50 ms': millis(mean(app.p50)),
      'p99 ms': millis(mean(app.p99)),
      'floor req/s': mean(floorRound).toFixed(0),
      ratio: floorRatio(mean(app.rates), mean(floorRound)),
      target: `${target.toFixed(2)}×`,
      statements: [...statements].sort().join(', '),
      'SQL ms (mean, max)': `${millis(times.reduce((sum, t) => sum + t, 0) / times.length)}, ${millis(Math.max(...times))}`,
      'seq scan': [...seqScans].join(', ') || 'no',
      'non-2xx': String(app.errors),
    });
  }
  console.log(
    '\nLoad on loopback (req/s: mean of 1-second samples over the rounds; p50, p99: mean over the rounds; ' +
      'floor: the bare Fastify + node-postgres Pool(10) 20-row keyset list, loaded right after each round of the app; ' +
      'ratio: app req/s over floor req/s; statements and SQL ms (EXPLAIN ANALYZE): those of one ranking, the ' +
      'search functions called directly; a request served from the cache of recent answers sends one primary-key ' +
      'statement instead, a ranked one sends one more; decision 022)',
  );
  console.table(results);
  console.log(
    `Floor over the whole run: ${mean(floorRates).toFixed(0)} req/s (min ${Math.min(...floorRates).toFixed(0)}, ` +
      `max ${Math.max(...floorRates).toFixed(0)}); load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')}`,
  );
  if (failed) {
    console.log('\nWARNING: some requests failed during the load');
    process.exitCode = 1;
  }
}

await runBench(main);
