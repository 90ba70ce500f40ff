// `npm run bench live-fanout [-- --clients 1000,5000 --writes 30 --workers 2]`
// Issue 7: live fan-out. N WebSocket clients watch one ama group while questions and votes arrive;
// for each write, the time from its HTTP response reaching the writer to the event reaching every
// client, p50/p99 over all (client, write) pairs and of the last client per write, beside the same
// broadcast done by a bare `ws` server in the same run (the floor), and the ratio of the two.
// It makes a fresh database (townhall_live_bench_<random>) on BENCH_DATABASE_URL, TEST_DATABASE_URL or
// the local server, starts the real server on it as a child process (NODE_ENV=production), signs the
// writers up through the API and drops the database at the end unless --keep.
//
// The clients live in worker threads of this process (--workers), the bare ws server in a child
// process of its own, like the real server. Times on every side are process.hrtime (CLOCK_MONOTONIC),
// one clock for all threads and processes of the machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { pino } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import { runMigrations } from '../../server/db/migrate.ts';

const thisFile = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(thisFile), '../..');

/** Monotonic milliseconds, the same clock in every thread and process of the machine. */
const now = (): number => Number(process.hrtime.bigint()) / 1e6;

/** Which write an event frame belongs to: the question it created, or the vote count it moved to. */
function eventKey(message: { event?: unknown; ids?: Record<string, unknown>; data?: Record<string, unknown> }): string {
  if (message.event === 'question.created') return `q:${String(message.ids?.questionId)}`;
  if (message.event === 'like.changed') return `v:${String(message.ids?.targetId)}:${String(message.data?.likeCount)}`;
  return '';
}

// ---------------------------------------------------------------------------------------------
// Client worker: opens its share of the sockets, subscribes them, notes when each event arrives.

type ToWorker =
  | { type: 'connect'; url: string; origin: string; topic: string; count: number; batch: number }
  | { type: 'count'; key: string }
  | { type: 'collect' }
  | { type: 'close' };

type FromWorker =
  | { type: 'connected'; opened: number; failed: number; firstError: string }
  | { type: 'count'; key: string; received: number }
  | { type: 'collected'; arrivals: Record<string, Float64Array>; closedEarly: number; errors: number }
  | { type: 'closed' };

async function clientWorker(): Promise<void> {
  const port = parentPort;
  if (!port) return;
  let sockets: WebSocket[] = [];
  let arrivals = new Map<string, Float64Array>();
  let closedEarly = 0;
  let errors = 0;
  let closing = false;

  const open = (index: number, url: string, origin: string, topic: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      // Each client stands for an address of its own (the server trusts the loopback proxy): one
      // address may hold only LIVE_MAX_CONNECTIONS_PER_ADDRESS live connections.
      const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
      const socket = new WebSocket(url, { origin, perMessageDeflate: false, headers: { 'x-forwarded-for': address } });
      let subscribed = false;
      const timer = setTimeout(() => {
        socket.terminate();
        reject(new Error('no "subscribed" within 30 s'));
      }, 30_000);
      socket.on('open', () => socket.send(JSON.stringify({ type: 'subscribe', topic })));
      socket.on('unexpected-response', (_request, response) => {
        clearTimeout(timer);
        reject(new Error(`upgrade refused: ${response.statusCode}`));
        socket.terminate();
      });
      socket.on('error', (error) => {
        errors++;
        if (!subscribed) {
          clearTimeout(timer);
          reject(error);
        }
      });
      socket.on('close', () => {
        if (subscribed && !closing) closedEarly++;
      });
      socket.on('message', (raw) => {
        const at = now();
        const message = JSON.parse(raw.toString()) as {
          type?: string;
          event?: unknown;
          ids?: Record<string, unknown>;
          data?: Record<string, unknown>;
        };
        if (message.type === 'event') {
          const key = eventKey(message);
          let times = arrivals.get(key);
          if (!times) {
            times = new Float64Array(sockets.length).fill(Number.NaN);
            arrivals.set(key, times);
          }
          if (Number.isNaN(times[index])) times[index] = at;
        } else if (message.type === 'subscribed' && !subscribed) {
          subscribed = true;
          clearTimeout(timer);
          resolve(socket);
        } else if (message.type === 'error' && !subscribed) {
          clearTimeout(timer);
          reject(new Error(JSON.stringify(message)));
        }
      });
    });

  port.on('message', (message: ToWorker) => {
    const reply = (answer: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(answer, transfer);
    if (message.type === 'connect') {
      void (async () => {
        closing = false;
        closedEarly = 0;
        errors = 0;
        arrivals = new Map();
        sockets = new Array<WebSocket>(message.count);
        let opened = 0;
        let failed = 0;
        let firstError = '';
        for (let start = 0; start < message.count; start += message.batch) {
          const end = Math.min(message.count, start + message.batch);
          const results = await Promise.allSettled(
            Array.from({ length: end - start }, (_, offset) =>
              open(start + offset, message.url, message.origin, message.topic),
            ),
          );
          results.forEach((result, offset) => {
            if (result.status === 'fulfilled') {
              sockets[start + offset] = result.value;
              opened++;
            } else {
              failed++;
              firstError ||= String(result.reason);
            }
          });
        }
        reply({ type: 'connected', opened, failed, firstError });
      })();
    } else if (message.type === 'count') {
      const times = arrivals.get(message.key);
      let received = 0;
      if (times) for (const time of times) if (!Number.isNaN(time)) received++;
      reply({ type: 'count', key: message.key, received });
    } else if (message.type === 'collect') {
      const collected: Record<string, Float64Array> = {};
      for (const [key, times] of arrivals) collected[key] = times;
      reply({ type: 'collected', arrivals: collected, closedEarly, errors });
    } else {
      closing = true;
      void Promise.all(
        sockets.map(
          (socket) =>
            new Promise<void>((resolve) => {
              if (!socket || socket.readyState === WebSocket.CLOSED) return resolve();
              socket.once('close', () => resolve());
              socket.close();
              setTimeout(() => {
                socket.terminate();
                resolve();
              }, 5_000).unref();
            }),
        ),
      ).then(() => {
        sockets = [];
        reply({ type: 'closed' });
      });
    }
  });
}

// ---------------------------------------------------------------------------------------------
// The floor: a bare `ws` server. Subscribe answers "subscribed"; POST /broadcast answers the
// writer, then sends one event frame (serialised once, as the hub does) to every subscribed socket.

async function floorServer(): Promise<void> {
  const watchers = new Set<WebSocket>();
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/broadcast') {
      response.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
      const frame = JSON.stringify({ type: 'event', ...event });
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ sent: watchers.size }));
      for (const socket of watchers) if (socket.readyState === WebSocket.OPEN) socket.send(frame);
    });
  });
  const wss = new WebSocketServer({ server, path: '/live' });
  wss.on('connection', (socket) => {
    socket.send(JSON.stringify({ type: 'welcome', connectionId: randomUUID() }));
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { type?: string; topic?: string };
      if (message.type === 'subscribe') {
        watchers.add(socket);
        socket.send(JSON.stringify({ type: 'subscribed', topic: message.topic }));
      }
    });
    socket.on('close', () => watchers.delete(socket));
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
  });
  process.on('SIGTERM', () => {
    for (const socket of wss.clients) socket.terminate();
    server.close(() => process.exit(0));
  });
}

// ---------------------------------------------------------------------------------------------
// The bench

class BenchError extends Error {
  override name = 'BenchError';
}

const cleanups: (() => Promise<void>)[] = [];
async function cleanup(): Promise<void> {
  for (const step of cleanups.splice(0).reverse()) {
    try {
      await step();
    } catch (error) {
      console.error('cleanup step failed:', error);
    }
  }
}

const count = (value: number) => value.toLocaleString('en-US');
const millis = (value: number) =>
  Number.isFinite(value) ? (Math.abs(value) < 10 ? value.toFixed(2) : value.toFixed(1)) : '–';
/** a / b; only when both are positive (a delivery before the response makes a ratio meaningless). */
const ratio = (a: number, b: number) =>
  Number.isFinite(a) && Number.isFinite(b) && a > 0 && b > 0 ? `${(a / b).toFixed(1)}×` : 'n/a (≤ 0)';

function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function serverUrl(): string {
  return (
    process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
  );
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function withServerClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'townhall-bench' });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function createBenchDatabase(keep: boolean): Promise<{ url: string; name: string; version: string }> {
  const admin = new URL(serverUrl());
  admin.pathname = '/postgres';
  const name = `townhall_live_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const version = await withServerClient(admin.toString(), async (client) => {
    await client.query(`create database "${name}"`);
    const result = await client.query<{ server_version: string }>('show server_version');
    return result.rows[0]?.server_version ?? '?';
  });
  const url = new URL(admin);
  url.pathname = `/${name}`;
  cleanups.push(async () => {
    if (keep) console.log(`\nKept the database (--keep): ${redact(url.toString())}`);
    else
      await withServerClient(admin.toString(), (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
  });
  return { url: url.toString(), name, version };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Stops a child process on the way out. */
function stopOnCleanup(child: ChildProcess, after?: () => void): void {
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    after?.();
  });
}

/** CPU time (user + system) a process used so far, in milliseconds, from /proc/<pid>/stat. */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields from the state (field 3): utime is field 14, stime field 15, in clock ticks (100 a second)
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

interface Target {
  system: 'Townhall' | 'bare ws';
  wsUrl: string;
  origin: string;
  topic: string;
  pid: number | undefined;
  /** Makes write number `index` (warm-ups have negative numbers); its key, and when it was sent and answered. */
  write(index: number): Promise<{ key: string; sentAt: number; answeredAt: number }>;
}

interface Person {
  id: string;
  username: string;
  cookie: string;
}

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
  const database = await createBenchDatabase(values.keep);
  let fileLimit = '?';
  try {
    fileLimit = /Max open files\s+(\d+)/.exec(fs.readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? '?';
  } catch {
    // not Linux
  }
  console.log(
    `Node ${process.version}, PostgreSQL ${database.version} at ${redact(serverUrl())}, ` +
      `${cpus.length} CPU(s) ${cpus[0]?.model ?? ''}, ${Math.round(os.totalmem() / 1024 ** 3)} GB RAM, ` +
      `open files limit ${fileLimit}`,
  );
  if (Number(fileLimit) < Math.max(...sizes) + 1000) {
    console.log(`WARNING: the open files limit (${fileLimit}) is close to the socket count; raise it with ulimit -n.`);
  }
  await runMigrations(database.url, pino({ level: 'silent' }));

  // The real server.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townhall-bench-data-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^(DATABASE_|REDIS_|S3_|SMTP_|GOOGLE_|MAIL_FROM|TRUST_PROXY|SESSION_SECRET)/.test(name)) delete env[name];
  }
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // each bench account signs up from its own address (X-Forwarded-For) under the per-address limit
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'warn',
  });
  const server = spawn(process.execPath, [path.join(root, 'server/main.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let serverOutput = '';
  const keepOutput = (chunk: Buffer) => {
    serverOutput = (serverOutput + chunk.toString()).slice(-20_000);
  };
  server.stdout.on('data', keepOutput);
  server.stderr.on('data', keepOutput);
  stopOnCleanup(server, () => fs.rmSync(dataDir, { recursive: true, force: true }));
  for (let deadline = Date.now() + 60_000; ;) {
    if (server.exitCode !== null) throw new BenchError(`the server exited with ${server.exitCode}:\n${serverOutput}`);
    if (Date.now() > deadline) throw new BenchError(`the server was not ready within 60 s:\n${serverOutput}`);
    const ready = await fetch(`${baseUrl}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  // The bare ws server.
  const floor = spawn(process.execPath, [thisFile], {
    cwd: root,
    env: { ...process.env, LIVE_FANOUT_ROLE: 'floor' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  stopOnCleanup(floor);
  const floorPort = await new Promise<number>((resolve, reject) => {
    let text = '';
    floor.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /listening (\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    floor.once('exit', (code) => reject(new BenchError(`the bare ws server exited with ${code}`)));
  });
  const floorUrl = `http://127.0.0.1:${floorPort}`;

  // People, through the API: a host, askers (30 questions an hour each) and a voter.
  let address = 0;
  const call = async (person: Person | null, method: string, route: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${route}`, {
      method,
      headers: {
        origin: baseUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(person ? { cookie: person.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { response, json: (await response.json()) as Record<string, unknown> };
  };
  const signUp = async (username: string): Promise<Person> => {
    address++;
    const response = await fetch(`${baseUrl}/api/accounts/sign-up`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: baseUrl,
        'x-forwarded-for': `198.18.${Math.floor(address / 250)}.${(address % 250) + 1}`,
      },
      body: JSON.stringify({
        email: `${username}@bench.example`,
        username,
        password: `bench person ${randomBytes(8).toString('hex')}`,
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
    return { id: body.user.id, username, cookie };
  };
  const host = await signUp('bench_live_host');
  const created = await call(host, 'POST', '/api/groups', {
    name: 'Live fan-out bench',
    slug: `live-bench-${randomBytes(4).toString('hex')}`,
    ama: true,
  });
  const groupId = (created.json.group as { id?: string } | undefined)?.id;
  if (created.response.status !== 201 || !groupId) {
    throw new BenchError(`creating the ama group failed: ${created.response.status} ${JSON.stringify(created.json)}`);
  }
  const askers: Person[] = [];
  for (let i = 0; i < Math.ceil(questionsTotal / 25); i++) askers.push(await signUp(`bench_live_asker_${i + 1}`));
  const voter = await signUp('bench_live_voter');
  for (const person of [...askers, voter]) {
    const answer = await call(person, 'PUT', `/api/groups/${groupId}/subscription`);
    if (answer.response.status !== 200) {
      throw new BenchError(
        `subscribing ${person.username} failed: ${answer.response.status} ${JSON.stringify(answer.json)}`,
      );
    }
  }
  const topic = `group:${groupId}`;

  let questionCount = 0;
  let lastQuestionId = '';
  const townhall: Target = {
    system: 'Townhall',
    wsUrl: `ws://127.0.0.1:${port}/api/live`,
    origin: baseUrl,
    topic,
    pid: server.pid,
    async write(index) {
      const isQuestion = Math.abs(index) % 2 === 0 || !lastQuestionId;
      const sentAt = now();
      if (isQuestion) {
        const asker = askers[Math.floor(questionCount / 25)] ?? askers[0];
        questionCount++;
        const answer = await call(asker ?? null, 'POST', `/api/groups/${groupId}/questions`, {
          body: `Bench question ${questionCount}: how does the live channel hold up with many viewers?`,
        });
        const answeredAt = now();
        const id = (answer.json.question as { id?: string; status?: string } | undefined)?.id;
        if (answer.response.status !== 201 || !id) {
          throw new BenchError(`asking failed: ${answer.response.status} ${JSON.stringify(answer.json)}`);
        }
        lastQuestionId = id;
        return { key: `q:${id}`, sentAt, answeredAt };
      }
      const answer = await call(voter, 'PUT', `/api/likes/question/${lastQuestionId}`);
      const answeredAt = now();
      if (answer.response.status !== 200 || typeof answer.json.likeCount !== 'number') {
        throw new BenchError(`voting failed: ${answer.response.status} ${JSON.stringify(answer.json)}`);
      }
      return { key: `v:${lastQuestionId}:${answer.json.likeCount}`, sentAt, answeredAt };
    },
  };
  let floorQuestion = '';
  const bare: Target = {
    system: 'bare ws',
    wsUrl: `ws://127.0.0.1:${floorPort}/live`,
    origin: floorUrl,
    topic,
    pid: floor.pid,
    async write(index) {
      const isQuestion = Math.abs(index) % 2 === 0 || !floorQuestion;
      if (isQuestion) floorQuestion = randomUUID();
      const event = isQuestion
        ? { topic, event: 'question.created', ids: { groupId, questionId: floorQuestion }, data: { status: 'open' } }
        : {
            topic,
            event: 'like.changed',
            ids: { targetId: floorQuestion },
            data: { targetType: 'question', likeCount: 1 },
          };
      const sentAt = now();
      const response = await fetch(`${floorUrl}/broadcast`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(event),
      });
      const answeredAt = now();
      await response.arrayBuffer();
      if (response.status !== 200) throw new BenchError(`the bare ws server answered ${response.status}`);
      return { key: eventKey(event), sentAt, answeredAt };
    },
  };

  // The client workers.
  const workers = Array.from(
    { length: options.workers },
    () => new Worker(thisFile, { workerData: { role: 'clients' } }),
  );
  cleanups.push(async () => {
    await Promise.all(workers.map((worker) => worker.terminate()));
  });
  const ask = <T extends FromWorker['type']>(
    worker: Worker,
    message: ToWorker,
    type: T,
  ): Promise<Extract<FromWorker, { type: T }>> =>
    new Promise((resolve, reject) => {
      const onMessage = (answer: FromWorker) => {
        if (answer.type !== type) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolve(answer as Extract<FromWorker, { type: T }>);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.postMessage(message);
    });

  const results: Record<string, string>[] = [];
  const ratios: Record<string, string>[] = [];
  for (const n of sizes) {
    const figures = new Map<
      string,
      {
        p50: number;
        p99: number;
        last50: number;
        last99: number;
        spread50: number;
        spread99: number;
        request50: number;
        request99: number;
      }
    >();
    for (const target of [townhall, bare]) {
      const shares = workers.map((_, i) => Math.floor(n / workers.length) + (i < n % workers.length ? 1 : 0));
      const connectStart = now();
      const connected = await Promise.all(
        workers.map((worker, i) =>
          ask(
            worker,
            {
              type: 'connect',
              url: target.wsUrl,
              origin: target.origin,
              topic: target.topic,
              count: shares[i] ?? 0,
              batch: options.batch,
            },
            'connected',
          ),
        ),
      );
      const failed = connected.reduce((sum, answer) => sum + answer.failed, 0);
      if (failed > 0) {
        throw new BenchError(
          `${failed} of ${n} sockets to ${target.system} did not subscribe: ${connected.find((a) => a.firstError)?.firstError}`,
        );
      }
      console.log(
        `\n${target.system}: ${count(n)} sockets opened and subscribed to ${topic} in ` +
          `${((now() - connectStart) / 1000).toFixed(1)} s`,
      );

      const writes: { key: string; sentAt: number; answeredAt: number; complete: boolean }[] = [];
      const cpuBefore = cpuMs(target.pid);
      const benchCpuBefore = process.cpuUsage();
      const phaseStart = now();
      for (let index = -options.warmup; index < options.writes; index++) {
        const write = await target.write(index);
        // wait until every client has it (or give up), then a pause, so writes do not overlap
        let complete = false;
        for (const deadline = now() + options.timeout; now() < deadline;) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          const counts = await Promise.all(
            workers.map((worker) => ask(worker, { type: 'count', key: write.key }, 'count')),
          );
          if (counts.reduce((sum, answer) => sum + answer.received, 0) >= n) {
            complete = true;
            break;
          }
        }
        if (index >= 0) writes.push({ ...write, complete });
        await new Promise((resolve) => setTimeout(resolve, options.gap));
      }
      const phaseMs = now() - phaseStart;
      const serverCpu = cpuMs(target.pid) - cpuBefore;
      const benchCpu = process.cpuUsage(benchCpuBefore);

      const collected = await Promise.all(workers.map((worker) => ask(worker, { type: 'collect' }, 'collected')));
      await Promise.all(workers.map((worker) => ask(worker, { type: 'close' }, 'closed')));

      const fromResponse: number[] = [];
      const fromRequest: number[] = [];
      const lastFromResponse: number[] = [];
      /** Per write, first client to last client: how long the broadcast itself took. */
      const spreads: number[] = [];
      const writeMs: number[] = [];
      let missing = 0;
      let early = 0;
      for (const write of writes) {
        writeMs.push(write.answeredAt - write.sentAt);
        let last = Number.NEGATIVE_INFINITY;
        let first = Number.POSITIVE_INFINITY;
        collected.forEach((answer, i) => {
          const times = answer.arrivals[write.key];
          const share = shares[i] ?? 0;
          for (let client = 0; client < share; client++) {
            const at = times?.[client];
            if (at === undefined || Number.isNaN(at)) {
              missing++;
              continue;
            }
            fromResponse.push(at - write.answeredAt);
            fromRequest.push(at - write.sentAt);
            if (at < write.answeredAt) early++;
            if (at > last) last = at;
            if (at < first) first = at;
          }
        });
        if (Number.isFinite(last)) {
          lastFromResponse.push(last - write.answeredAt);
          spreads.push(last - first);
        }
      }
      const sortedResponse = Float64Array.from(fromResponse).sort();
      const sortedRequest = Float64Array.from(fromRequest).sort();
      const sortedLast = Float64Array.from(lastFromResponse).sort();
      const sortedWrite = Float64Array.from(writeMs).sort();
      const sortedSpread = Float64Array.from(spreads).sort();
      const row = {
        p50: percentile(sortedResponse, 50),
        p99: percentile(sortedResponse, 99),
        last50: percentile(sortedLast, 50),
        last99: percentile(sortedLast, 99),
        spread50: percentile(sortedSpread, 50),
        spread99: percentile(sortedSpread, 99),
        request50: percentile(sortedRequest, 50),
        request99: percentile(sortedRequest, 99),
      };
      figures.set(target.system, row);
      const closedEarly = collected.reduce((sum, answer) => sum + answer.closedEarly, 0);
      results.push({
        N: count(n),
        system: target.system,
        writes: String(writes.length),
        'p50 ms': millis(row.p50),
        'p99 ms': millis(row.p99),
        'last p50 ms': millis(row.last50),
        'last p99 ms': millis(row.last99),
        missing: `${count(missing)} of ${count(writes.length * n)}`,
        'before resp.': `${((100 * early) / Math.max(1, fromResponse.length)).toFixed(1)}%`,
        'spread p50': millis(row.spread50),
        'spread p99': millis(row.spread99),
        'req→client p50': millis(row.request50),
        'req→client p99': millis(row.request99),
        'write p50 ms': millis(percentile(sortedWrite, 50)),
        'server CPU ms/write': millis(serverCpu / (writes.length + options.warmup)),
      });
      console.log(
        `${target.system}: ${writes.length + options.warmup} writes (${options.warmup} warm-up) in ` +
          `${(phaseMs / 1000).toFixed(1)} s; server process CPU ${count(Math.round(serverCpu))} ms, ` +
          `bench process (clients) CPU ${count(Math.round((benchCpu.user + benchCpu.system) / 1000))} ms; ` +
          `${writes.filter((write) => !write.complete).length} writes not delivered everywhere within ${options.timeout} ms; ` +
          `${closedEarly} sockets closed early`,
      );
    }
    const th = figures.get('Townhall');
    const fl = figures.get('bare ws');
    if (th && fl) {
      ratios.push({
        N: count(n),
        'p50 Townhall/bare': ratio(th.p50, fl.p50),
        'p99 Townhall/bare': ratio(th.p99, fl.p99),
        'last p50 Townhall/bare': ratio(th.last50, fl.last50),
        'last p99 Townhall/bare': ratio(th.last99, fl.last99),
        'spread p50 Townhall/bare': ratio(th.spread50, fl.spread50),
        'spread p99 Townhall/bare': ratio(th.spread99, fl.spread99),
        'req→client p50 Townhall/bare': ratio(th.request50, fl.request50),
        'req→client p99 Townhall/bare': ratio(th.request99, fl.request99),
      });
    }
  }

  console.log(
    `\nLive fan-out on loopback: ${topic} (an ama group; the group topic carries every question.created and ` +
      `like.changed event, and is what a session page watches for its queue; session:<id> carries only the session's own state). Writes alternate a question ` +
      `(POST /api/groups/:groupId/questions, ${askers.length} askers) and a vote on it (PUT /api/likes/question/:id). ` +
      `${options.workers} client worker thread(s) in the bench process; Townhall server and bare ws server are ` +
      `child processes; all share ${cpus.length} CPU(s) with PostgreSQL.\n` +
      `Times in ms from the write's HTTP response reaching the writer to the event reaching each client ` +
      `(p50/p99 over all client×write pairs; "last" = the last client of each write, p50/p99 over writes; ` +
      `negative = the event came before the response). "before resp." = share of deliveries before the response; ` +
      `"spread" = first to last client of a write (the broadcast itself, whatever the response did), p50/p99 over writes; ` +
      `"req→client" = from the request being sent instead; "write" = the HTTP round trip; ` +
      `server CPU from /proc/<pid>/stat (10 ms ticks) per write, warm-ups included. The bare ws server answers the ` +
      `POST, then sends the frame to every socket in the same tick.`,
  );
  console.table(results);
  console.log(
    'Ratio Townhall / bare ws (n/a where a figure is 0 or negative, i.e. the event reached clients before the response)',
  );
  console.table(ratios);
}

// ---------------------------------------------------------------------------------------------

if (!isMainThread && (workerData as { role?: string } | null)?.role === 'clients') {
  await clientWorker();
} else if (process.env.LIVE_FANOUT_ROLE === 'floor') {
  await floorServer();
} else {
  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
    console.error('\nInterrupted: cleaning up…');
    void cleanup().then(() => process.exit(130));
  });
  try {
    await main();
  } catch (error) {
    if (error instanceof BenchError) console.error(`\nThe bench stopped: ${error.message}`);
    else console.error(error);
    process.exitCode = 1;
  } finally {
    if (!interrupted) await cleanup();
  }
}
