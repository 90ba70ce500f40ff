// `npm run bench burst [-- --writers 500 --per-writer 2 --accounts 100 --pool 10]`
// A live AMA's burst: many people asking, voting and commenting in one ama group at once while
// a visitor reads the site. It makes a fresh database (townhall_bench_<random>) on
// BENCH_DATABASE_URL, TEST_DATABASE_URL or the local server, starts the real server on it as a
// child process (NODE_ENV=production, pool --pool), signs --accounts people up through the API
// (each from its own X-Forwarded-For address) and subscribes them to one ama group, then:
//   idle:  a signed-out visitor reads GET /api/groups and the group's question queue in a loop,
//          and GET /api/health (no database: the bare floor of a request);
//   burst: --writers concurrent writers, each sending --per-writer writes back to back (asks,
//          votes on questions and comments, 2:4:1) from the accounts in turn, while the visitor
//          reads the same way.
// It prints the visitor's p50/p99 idle and during the burst, the writers' outcomes (2xx, 429,
// 5xx) and their p50/p99. The database is dropped at the end unless --keep.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { pino } from 'pino';
import { Agent, request } from 'undici';
import { runMigrations } from '../../server/db/migrate.ts';
import { BenchError, startBenchServer, type BenchServer } from './lib/bench-server.ts';
import { cleanups, count, millis, serverUrl, withServerClient, runBench } from './lib/bench-kit.ts';

const { values } = parseArgs({
  options: {
    writers: { type: 'string', default: '500' },
    'per-writer': { type: 'string', default: '2' },
    accounts: { type: 'string', default: '100' },
    /** Questions voted and commented on (made before the burst). */
    targets: { type: 'string', default: '20' },
    /** Reads of each path by the idle visitor. */
    'idle-reads': { type: 'string', default: '100' },
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
  writers: int('writers', 1),
  perWriter: int('per-writer', 1),
  accounts: int('accounts', 1),
  targets: int('targets', 1),
  idleReads: int('idle-reads', 10),
  pool: int('pool', 1),
};

const silent = pino({ level: 'silent' });

// ---------------------------------------------------------------------------------------------
// The database and the server

/** A URL without its password, for printing. */
function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

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

// ---------------------------------------------------------------------------------------------
// HTTP

/** The writers' connections; the visitor has its own, as a separate browser would. */
const writerAgent = new Agent({ connections: null, pipelining: 1, keepAliveTimeout: 60_000 });
const visitorAgent = new Agent({ connections: 1, pipelining: 1, keepAliveTimeout: 60_000 });
cleanups.push(async () => {
  await Promise.all([writerAgent.close(), visitorAgent.close()]);
});

interface Answer {
  status: number;
  ms: number;
  body: string;
  cookie: string;
}

async function send(
  server: BenchServer,
  agent: Agent,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { cookie?: string; address?: string; payload?: unknown } = {},
): Promise<Answer> {
  const start = performance.now();
  const response = await request(`${server.url}${path}`, {
    method,
    dispatcher: agent,
    headers: {
      ...(method === 'GET' ? {} : { origin: server.url }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.address ? { 'x-forwarded-for': options.address } : {}),
      ...(options.payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.payload === undefined ? {} : { body: JSON.stringify(options.payload) }),
  });
  const body = await response.body.text();
  const ms = performance.now() - start;
  const setCookie = response.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
    .map((line) => line.split(';')[0] ?? '')
    .filter(Boolean)
    .join('; ');
  return { status: response.statusCode, ms, body, cookie };
}

function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status) throw new BenchError(`${what} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
}

// ---------------------------------------------------------------------------------------------
// The cast: a host, an ama group, subscribed accounts and questions to vote and comment on

interface Person {
  id: string;
  cookie: string;
}

async function signUp(server: BenchServer, index: number): Promise<Person> {
  const username = `bench_burst_${index}`;
  const answer = await send(server, writerAgent, 'POST', '/api/accounts/sign-up', {
    address: `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`,
    payload: {
      email: `${username}@bench.example`,
      username,
      password: `bench burst ${randomBytes(8).toString('hex')}`,
    },
  });
  expectStatus(answer, 201, `signing up ${username}`);
  const id = (JSON.parse(answer.body) as { user?: { id?: string } }).user?.id;
  if (!id || !answer.cookie) throw new BenchError(`signing up ${username} gave no user or cookie`);
  return { id, cookie: answer.cookie };
}

/** Runs `fn` over `items`, `limit` at a time. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await fn(items[index] as T);
      }
    }),
  );
  return results;
}

async function buildCast(server: BenchServer, client: pg.Client) {
  const host = await signUp(server, 0);
  const created = await send(server, writerAgent, 'POST', '/api/groups', {
    cookie: host.cookie,
    payload: { name: 'Burst AMA', slug: `burst-${randomBytes(3).toString('hex')}`, ama: true },
  });
  expectStatus(created, 201, 'creating the ama group');
  const groupId = (JSON.parse(created.body) as { group: { id: string } }).group.id;
  const indexes = Array.from({ length: options.accounts }, (_, i) => i + 1);
  const started = performance.now();
  const people = await mapLimit(indexes, 4, async (index) => {
    const person = await signUp(server, index);
    const subscribed = await send(server, writerAgent, 'PUT', `/api/groups/${groupId}/subscription`, {
      cookie: person.cookie,
    });
    expectStatus(subscribed, 200, 'subscribing');
    return person;
  });
  const setup = performance.now() - started;
  // the questions voted and commented on, as if asked earlier in the session
  const targets = await client.query<{ id: string }>(
    `insert into questions (group_id, author_id, body)
     select $1, $2, 'An earlier question number ' || i || '?' from generate_series(1, $3::int) as i
     returning id`,
    [groupId, host.id, options.targets],
  );
  return { groupId, people, targets: targets.rows.map((row) => row.id), setup };
}

// ---------------------------------------------------------------------------------------------
// Figures

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 };
}

interface VisitorRead {
  path: string;
  status: number;
  ms: number;
}

/** The visitor reads each path in turn until `isDone()` (and at least `minimum` rounds). */
async function visit(server: BenchServer, paths: string[], isDone: () => boolean, minimum: number) {
  const reads: VisitorRead[] = [];
  for (let round = 0; round < minimum || !isDone(); round++) {
    for (const path of paths) {
      const answer = await send(server, visitorAgent, 'GET', path);
      reads.push({ path, status: answer.status, ms: answer.ms });
    }
  }
  return reads;
}

type WriteKind = 'ask' | 'vote' | 'comment';
const MIX: WriteKind[] = ['ask', 'ask', 'vote', 'vote', 'vote', 'vote', 'comment'];

async function main(): Promise<void> {
  const cpus = os.cpus();
  const database = await createBenchDatabase();
  console.log(
    `Node ${process.version}, PostgreSQL ${database.version} at ${redact(serverUrl())}, ` +
      `${cpus.length} CPU(s) ${cpus[0]?.model ?? ''}, ${Math.round(os.totalmem() / 1024 ** 3)} GB RAM`,
  );
  await runMigrations(database.url, silent);
  const client = new pg.Client({ connectionString: database.url, application_name: 'townhall-bench' });
  await client.connect();
  cleanups.push(() => client.end());
  const server = await startBenchServer({
    databaseUrl: database.url,
    pool: options.pool,
    onCleanup: (step) => cleanups.push(step),
  });
  const { groupId, people, targets, setup } = await buildCast(server, client);
  console.log(
    `${count(people.length)} accounts signed up and subscribed through the API in ${(setup / 1000).toFixed(1)} s; ` +
      `${targets.length} questions to vote and comment on; server pool ${options.pool} connections, ` +
      'NODE_ENV=production, LOG_LEVEL=warn',
  );

  const paths = ['/api/groups', `/api/groups/${groupId}/questions`, '/api/health'];
  const labels: Record<string, string> = {
    '/api/groups': 'GET /api/groups',
    [`/api/groups/${groupId}/questions`]: 'GET /api/groups/:id/questions',
    '/api/health': 'GET /api/health (floor: no database)',
  };
  // warm-up, then the idle figures
  await visit(server, paths, () => true, 10);
  const idle = await visit(server, paths, () => true, options.idleReads);

  let finished = false;
  const total = options.writers * options.perWriter;
  const writes: { kind: WriteKind; status: number; ms: number; body: string }[] = [];
  let sequence = 0;
  const burstStart = performance.now();
  const writers = Array.from({ length: options.writers }, async (_, writer) => {
    for (let i = 0; i < options.perWriter; i++) {
      const n = sequence++;
      const person = people[(writer + i * options.writers) % people.length] as Person;
      const kind = MIX[n % MIX.length] as WriteKind;
      const target = targets[n % targets.length] as string;
      const answer =
        kind === 'ask'
          ? await send(server, writerAgent, 'POST', `/api/groups/${groupId}/questions`, {
              cookie: person.cookie,
              payload: { body: `Burst question ${n}: what would you do differently?` },
            })
          : kind === 'vote'
            ? await send(server, writerAgent, 'PUT', `/api/likes/question/${target}`, { cookie: person.cookie })
            : await send(server, writerAgent, 'POST', `/api/questions/${target}/comments`, {
                cookie: person.cookie,
                payload: { body: `Burst comment ${n}` },
              });
      writes.push({ kind, status: answer.status, ms: answer.ms, body: answer.body });
    }
  });
  const visitor = visit(server, paths, () => finished, 3);
  await Promise.all(writers);
  const burstMs = performance.now() - burstStart;
  finished = true;
  const during = await visitor;

  console.log(
    `\nBurst: ${count(options.writers)} concurrent writers × ${options.perWriter} = ${count(total)} writes ` +
      `(asks, votes, comments 2:4:1) into one ama group in ${(burstMs / 1000).toFixed(1)} s ` +
      `(${Math.round(total / (burstMs / 1000))} writes/s); the visitor read meanwhile, one request at a time`,
  );
  const visitorRows = paths.map((path) => {
    const before = summary(idle.filter((read) => read.path === path).map((read) => read.ms));
    const meanwhile = during.filter((read) => read.path === path);
    const burst = summary(meanwhile.map((read) => read.ms));
    return {
      'visitor read': labels[path] ?? path,
      'idle p50 ms': millis(before.p50),
      'idle p99 ms': millis(before.p99),
      'burst p50 ms': millis(burst.p50),
      'burst p99 ms': millis(burst.p99),
      'burst max ms': millis(burst.max),
      'burst reads': String(burst.n),
      'not 200': String(meanwhile.filter((read) => read.status !== 200).length),
    };
  });
  console.table(visitorRows);

  const writerRows = (['ask', 'vote', 'comment', 'all'] as const).map((kind) => {
    const mine = kind === 'all' ? writes : writes.filter((write) => write.kind === kind);
    const figures = summary(mine.map((write) => write.ms));
    return {
      writes: kind,
      count: String(mine.length),
      '2xx': String(mine.filter((write) => write.status >= 200 && write.status < 300).length),
      'refused (429)': String(mine.filter((write) => write.status === 429).length),
      '5xx': String(mine.filter((write) => write.status >= 500).length),
      other: String(mine.filter((write) => write.status >= 300 && write.status !== 429 && write.status < 500).length),
      'p50 ms': millis(figures.p50),
      'p99 ms': millis(figures.p99),
      'max ms': millis(figures.max),
    };
  });
  console.log('\nWriters');
  console.table(writerRows);

  const failures = writes.filter((write) => write.status >= 500 || (write.status >= 300 && write.status !== 429));
  const failedReads = during.filter((read) => read.status !== 200);
  if (failures.length > 0 || failedReads.length > 0) {
    const example = failures[0];
    console.log(
      `\nWARNING: ${failures.length} writes and ${failedReads.length} visitor reads failed` +
        (example ? `; first: ${example.kind} ${example.status} ${example.body.slice(0, 200)}` : ''),
    );
    process.exitCode = 1;
  }
}

await runBench(main);
