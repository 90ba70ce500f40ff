// `npm run bench live-fanout [-- --clients 1000,5000 --writes 30 --workers 2]`
// Live fan-out. N WebSocket clients watch one ama group while questions and votes arrive;
// for each write, the time from its HTTP response reaching the writer to the event reaching every
// client, p50/p99 over all (client, write) pairs and of the last client per write, beside the same
// broadcast done by a bare `ws` server in the same run (the floor), and the ratio of the two.
// It makes a fresh database (townhall_live_bench_<random>) on BENCH_DATABASE_URL, TEST_DATABASE_URL or
// the local server, starts the real server on it as a child process (NODE_ENV=production), signs the
// writers up through the API and drops the database at the end unless --keep.
//
// The clients live in worker threads of this process (--workers), the bare ws server in a child
// process of its own, like the real server (both in lib/live-sockets.ts, shared with live-load).
// Times on every side are process.hrtime (CLOCK_MONOTONIC), one clock for all threads and processes.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { runMigrations } from '../../server/db/migrate.ts';
import { cleanups, serverUrl, runBench } from './lib/bench-kit.ts';
import { BenchError, startBenchServer } from './lib/bench-server.ts';
import {
  BenchApi,
  askersFor,
  bareTarget,
  createBenchDatabase,
  questionAndVoteWriter,
  redact,
} from './lib/live-bench.ts';
import {
  FANOUT_LEGEND,
  ViewerPool,
  measureFanout,
  openFilesLimit,
  startFloorServer,
  type FanoutTarget,
} from './lib/live-sockets.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '1000,5000' },
      /** Measured writes per N and system, alternately a question and a vote on it. */
      writes: { type: 'string', default: '30' },
      /** Unmeasured writes before them. */
      warmup: { type: 'string', default: '2' },
      /** Worker threads the clients are spread over. */
      workers: { type: 'string', default: '2' },
      /** Sockets each worker opens at once. */
      batch: { type: 'string', default: '100' },
      /** Pause after a write is delivered everywhere (or given up on) before the next, in ms. */
      gap: { type: 'string', default: '200' },
      /** How long to wait for a write to reach every client, in ms. */
      timeout: { type: 'string', default: '10000' },
      keep: { type: 'boolean', default: false },
    },
  });
  const int = (name: 'writes' | 'warmup' | 'workers' | 'batch' | 'gap' | 'timeout', min: number) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < min)
      throw new BenchError(`--${name} must be an integer of at least ${min}`);
    return value;
  };
  const sizes = values.clients.split(',').map((part) => Number(part.trim()));
  if (sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new BenchError('--clients is a list like 1000,5000');
  const options = {
    sizes,
    writes: int('writes', 2),
    warmup: int('warmup', 0),
    workers: int('workers', 1),
    batch: int('batch', 1),
    gap: int('gap', 0),
    timeout: int('timeout', 100),
  };
  const writesPerRun = options.writes + options.warmup;
  const questionsTotal = sizes.length * Math.ceil(writesPerRun / 2);

  const cpus = os.cpus();
  const database = await createBenchDatabase('townhall_live_bench', values.keep);
  const fileLimit = openFilesLimit();
  console.log(
    `Node ${process.version}, PostgreSQL ${database.version} at ${redact(serverUrl())}, ` +
      `${cpus.length} CPU(s) ${cpus[0]?.model ?? ''}, ${Math.round(os.totalmem() / 1024 ** 3)} GB RAM, ` +
      `open files limit ${fileLimit}`,
  );
  if (fileLimit < Math.max(...sizes) + 1000) {
    console.log(`WARNING: the open files limit (${fileLimit}) is close to the socket count; raise it with ulimit -n.`);
  }
  await runMigrations(database.url, pino({ level: 'silent' }));

  // The real server (pool 10, the default), and the bare ws server.
  const server = await startBenchServer({
    databaseUrl: database.url,
    pool: 10,
    onCleanup: (step) => cleanups.push(step),
  });
  const floor = await startFloorServer((step) => cleanups.push(step));

  // People, through the API: a host, askers (30 questions an hour each) and a voter.
  const api = new BenchApi(server.url);
  const host = await api.signUp('bench_live_host');
  const created = await api.expect(201, host, 'POST', '/api/groups', {
    name: 'Live fan-out bench',
    slug: `live-bench-${Math.random().toString(36).slice(2, 10)}`,
    ama: true,
  });
  const groupId = (created.group as { id?: string } | undefined)?.id;
  if (!groupId) throw new BenchError(`creating the ama group failed: ${JSON.stringify(created)}`);
  const askers = [];
  for (let i = 0; i < askersFor(questionsTotal); i++) askers.push(await api.signUp(`bench_live_asker_${i + 1}`));
  const voter = await api.signUp('bench_live_voter');
  for (const person of [...askers, voter]) {
    await api.expect(200, person, 'PUT', `/api/groups/${groupId}/subscription`);
  }
  const topic = `group:${groupId}`;

  const townhall: FanoutTarget = {
    system: 'Townhall',
    wsUrl: `${server.url.replace('http:', 'ws:')}/api/live`,
    origin: server.url,
    topic,
    pid: server.child.pid,
    write: questionAndVoteWriter({ api, groupId, askers, voter }),
  };
  const bare = bareTarget({ ...floor, topic, groupId });

  const pool = new ViewerPool(options.workers);
  cleanups.push(() => pool.terminate());
  const { results, ratios } = await measureFanout({
    pool,
    targets: [townhall, bare],
    sizes,
    writes: options.writes,
    warmup: options.warmup,
    gap: options.gap,
    timeout: options.timeout,
    batch: options.batch,
  });

  console.log(
    `\nLive fan-out on loopback: ${topic} (an ama group; the group topic carries every question.created and ` +
      `like.changed event, and is what a session page watches for its queue; session:<id> carries only the session's own state). Writes alternate a question ` +
      `(POST /api/groups/:groupId/questions, ${askers.length} askers) and a vote on it (PUT /api/likes/question/:id). ` +
      `${options.workers} client worker thread(s) in the bench process; Townhall server and bare ws server are ` +
      `child processes; all share ${cpus.length} CPU(s) with PostgreSQL.\n` +
      FANOUT_LEGEND,
  );
  console.table(results);
  console.log(
    'Ratio Townhall / bare ws (n/a where a figure is 0 or negative, i.e. the event reached clients before the response)',
  );
  console.table(ratios);
}

await runBench(main);
