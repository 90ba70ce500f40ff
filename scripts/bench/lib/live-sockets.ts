// What the live benchmarks share (live-fanout, live-load): WebSocket viewers in worker threads that
// read every frame, the bare `ws` server that is the fan-out floor, the fan-out measurement itself,
// and small readings of a process (/proc). This file is also the entry of those worker threads
// (workerData.role 'live-viewers') and of the bare server's child process (LIVE_FLOOR_ROLE=floor).
//
// Times on every side are process.hrtime (CLOCK_MONOTONIC), one clock for all threads and
// processes of the machine.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { WebSocket, WebSocketServer } from 'ws';
import { BenchError } from './bench-server.ts';

const thisFile = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(thisFile), '../../..');

/** Monotonic milliseconds, the same clock in every thread and process of the machine. */
export const now = (): number => Number(process.hrtime.bigint()) / 1e6;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Which write an event frame belongs to: the question it created, or the vote count it moved to. */
export function eventKey(message: {
  event?: unknown;
  ids?: Record<string, unknown>;
  data?: Record<string, unknown>;
}): string {
  if (message.event === 'question.created') return `q:${String(message.ids?.questionId)}`;
  if (message.event === 'like.changed') return `v:${String(message.ids?.targetId)}:${String(message.data?.likeCount)}`;
  return '';
}

export function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** CPU time (user + system) a process used so far, in milliseconds, from /proc/<pid>/stat. */
export function cpuMs(pid: number | undefined): number {
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

/** Resident memory of a process (VmRSS of /proc/<pid>/status), in bytes. */
export function rssBytes(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kib === undefined ? Number.NaN : Number(kib) * 1024;
  } catch {
    return Number.NaN;
  }
}

/** The open files limit of this process (each socket is one), or NaN off Linux. */
export function openFilesLimit(): number {
  try {
    return Number(/Max open files\s+(\d+)/.exec(fs.readFileSync('/proc/self/limits', 'utf8'))?.[1]);
  } catch {
    return Number.NaN;
  }
}

/** An address of its own for viewer number `n` (sent as X-Forwarded-For to a server that trusts loopback). */
export function viewerAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

// ---------------------------------------------------------------------------------------------
// Viewer worker: opens its share of the sockets, subscribes each to its topics, reads every frame
// and notes when each keyed event arrives at each socket.

/** One page's live connection: where it comes from, who it is, what it watches. */
export interface ViewerSpec {
  address: string;
  /** The session cookie of a signed-in page; none for a visitor. */
  cookie?: string;
  topics: string[];
}

type ToWorker =
  | {
      type: 'open';
      url: string;
      origin: string;
      viewers: ViewerSpec[];
      /** Sockets opened at once. */
      batch: number;
      /** Handshakes a second this worker starts at most (0: as fast as they complete). */
      perSecond: number;
      /** The client's application ping, as pages send it (0: none). */
      pingMs: number;
    }
  | { type: 'count'; keys: string[] }
  | { type: 'collect' }
  | { type: 'close' };

interface WorkerStats {
  open: number;
  frames: number;
  events: number;
  pongs: number;
  closedEarly: number;
  closeCodes: Record<string, number>;
  errors: number;
}

type FromWorker =
  | { type: 'opened'; opened: number; failed: number; firstError: string }
  | { type: 'count'; received: number[] }
  | { type: 'collected'; arrivals: Record<string, Float64Array>; stats: WorkerStats }
  | { type: 'closed' };

async function viewerWorker(): Promise<void> {
  const port = parentPort;
  if (!port) return;
  // this thread only: on Linux the nice value is a thread's, and 0 names the calling one
  const { nice } = workerData as { nice?: number };
  if (nice) os.setPriority(0, nice);
  let sockets: WebSocket[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let arrivals = new Map<string, Float64Array>();
  let received = new Map<string, number>();
  let stats: WorkerStats = { open: 0, frames: 0, events: 0, pongs: 0, closedEarly: 0, closeCodes: {}, errors: 0 };
  let closing = false;

  const open = (index: number, url: string, origin: string, viewer: ViewerSpec, pingMs: number) =>
    new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(url, {
        origin,
        perMessageDeflate: false,
        headers: { 'x-forwarded-for': viewer.address, ...(viewer.cookie ? { cookie: viewer.cookie } : {}) },
      });
      let waiting = new Set(viewer.topics);
      let isSubscribed = false;
      const timer = setTimeout(() => {
        socket.terminate();
        reject(new Error(`no "subscribed" within 30 s (${[...waiting].join(', ')})`));
      }, 30_000);
      socket.on('open', () => {
        for (const topic of viewer.topics) socket.send(JSON.stringify({ type: 'subscribe', topic }));
      });
      socket.on('unexpected-response', (_request, response) => {
        clearTimeout(timer);
        reject(new Error(`upgrade refused: ${response.statusCode}`));
        socket.terminate();
      });
      socket.on('error', (error) => {
        stats.errors++;
        if (!isSubscribed) {
          clearTimeout(timer);
          reject(error);
        }
      });
      socket.on('close', (code, reason) => {
        if (!isSubscribed) {
          clearTimeout(timer);
          reject(new Error(`closed before "subscribed": ${code} ${reason.toString()}`));
        }
        if (isSubscribed) stats.open--;
        if (isSubscribed && !closing) {
          stats.closedEarly++;
          stats.closeCodes[code] = (stats.closeCodes[code] ?? 0) + 1;
        }
      });
      // Every frame is read and parsed, as the page's live client does.
      socket.on('message', (raw) => {
        const at = now();
        stats.frames++;
        const message = JSON.parse(raw.toString()) as {
          type?: string;
          topic?: string;
          event?: unknown;
          ids?: Record<string, unknown>;
          data?: Record<string, unknown>;
        };
        if (message.type === 'event') {
          stats.events++;
          const key = eventKey(message);
          if (!key) return;
          let times = arrivals.get(key);
          if (!times || times.length <= index) {
            const grown = new Float64Array(Math.max(sockets.length, index + 1)).fill(Number.NaN);
            if (times) grown.set(times);
            times = grown;
            arrivals.set(key, times);
          }
          if (Number.isNaN(times[index])) {
            times[index] = at;
            received.set(key, (received.get(key) ?? 0) + 1);
          }
        } else if (message.type === 'pong') {
          stats.pongs++;
        } else if (message.type === 'subscribed' && !isSubscribed && message.topic) {
          waiting.delete(message.topic);
          if (waiting.size > 0) return;
          isSubscribed = true;
          stats.open++;
          clearTimeout(timer);
          if (pingMs > 0) {
            // the page's ping, started at a random point of its interval as pages open at random times
            const first = setTimeout(() => {
              timers.delete(first);
              const every = setInterval(() => {
                if (socket.readyState === WebSocket.OPEN) socket.send('{"type":"ping"}');
              }, pingMs);
              timers.add(every);
            }, Math.random() * pingMs);
            timers.add(first);
          }
          resolve(socket);
        } else if (message.type === 'error' && !isSubscribed) {
          clearTimeout(timer);
          waiting = new Set();
          reject(new Error(JSON.stringify(message)));
          socket.terminate();
        }
      });
    });

  port.on('message', (message: ToWorker) => {
    const reply = (answer: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(answer, transfer);
    if (message.type === 'open') {
      void (async () => {
        closing = false;
        let opened = 0;
        let failed = 0;
        let firstError = '';
        const base = sockets.length;
        sockets.length = base + message.viewers.length;
        const started = now();
        for (let start = 0; start < message.viewers.length; start += message.batch) {
          // at most perSecond handshakes a second: batch k starts no earlier than k·batch/perSecond
          if (message.perSecond > 0) {
            const due = started + (start / message.perSecond) * 1000;
            if (due > now()) await sleep(due - now());
          }
          const end = Math.min(message.viewers.length, start + message.batch);
          const results = await Promise.allSettled(
            message.viewers
              .slice(start, end)
              .map((viewer, offset) =>
                open(base + start + offset, message.url, message.origin, viewer, message.pingMs),
              ),
          );
          results.forEach((result, offset) => {
            if (result.status === 'fulfilled') {
              sockets[base + start + offset] = result.value;
              opened++;
            } else {
              failed++;
              firstError ||= String(result.reason);
            }
          });
        }
        reply({ type: 'opened', opened, failed, firstError });
      })();
    } else if (message.type === 'count') {
      reply({ type: 'count', received: message.keys.map((key) => received.get(key) ?? 0) });
    } else if (message.type === 'collect') {
      const collected: Record<string, Float64Array> = {};
      for (const [key, times] of arrivals) {
        // every socket has a slot, also those opened after the array was made
        const full = new Float64Array(sockets.length).fill(Number.NaN);
        full.set(times.subarray(0, Math.min(times.length, sockets.length)));
        collected[key] = full;
      }
      reply({ type: 'collected', arrivals: collected, stats: { ...stats, closeCodes: { ...stats.closeCodes } } });
    } else {
      closing = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      void Promise.all(
        sockets.map(
          (socket) =>
            new Promise<void>((resolve) => {
              if (!socket || socket.readyState === WebSocket.CLOSED) return resolve();
              const timer = setTimeout(() => {
                socket.terminate();
                resolve();
              }, 5_000);
              socket.once('close', () => {
                clearTimeout(timer);
                resolve();
              });
              socket.close();
            }),
        ),
      ).then(() => {
        sockets = [];
        arrivals = new Map();
        received = new Map();
        stats = { open: 0, frames: 0, events: 0, pongs: 0, closedEarly: 0, closeCodes: {}, errors: 0 };
        reply({ type: 'closed' });
      });
    }
  });
}

/** Per keyed event, when it reached each socket (NaN: never), and what the sockets saw. */
export interface Collected {
  /** Per worker: key → arrival time per socket of that worker. */
  arrivals: Record<string, Float64Array>[];
  /** Sockets per worker, in the order of the arrival arrays. */
  sizes: number[];
  stats: WorkerStats;
}

/**
 * Viewers spread over worker threads of this process. Each socket stands for one page: it
 * subscribes to its topics, reads and parses every frame, and (with pingMs) pings as pages do.
 * `nice`: the worker threads' scheduling priority (Linux keeps it per thread), 0 to 19: the
 * viewers stand for phones elsewhere, so at 19 they take the machine's CPU only when the server,
 * PostgreSQL and the load generator leave it (they still read every frame, checked).
 */
export class ViewerPool {
  readonly workers: Worker[];
  readonly #sizes: number[];

  constructor(workers: number, { nice = 0 }: { nice?: number } = {}) {
    this.workers = Array.from(
      { length: workers },
      () => new Worker(thisFile, { workerData: { role: 'live-viewers', nice } }),
    );
    this.#sizes = this.workers.map(() => 0);
  }

  get size(): number {
    return this.#sizes.reduce((sum, size) => sum + size, 0);
  }

  #ask<T extends FromWorker['type']>(
    worker: Worker,
    message: ToWorker,
    type: T,
  ): Promise<Extract<FromWorker, { type: T }>> {
    return new Promise((resolve, reject) => {
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
  }

  /**
   * Opens one socket per viewer (dealt round-robin over the workers) at `perSecond` handshakes a
   * second in all, and waits until each is subscribed to all its topics; throws if any is not.
   */
  async open(options: {
    url: string;
    origin: string;
    viewers: ViewerSpec[];
    batch: number;
    perSecond: number;
    pingMs: number;
  }): Promise<void> {
    const shares: ViewerSpec[][] = this.workers.map(() => []);
    options.viewers.forEach((viewer, index) => shares[index % shares.length]?.push(viewer));
    const answers = await Promise.all(
      this.workers.map((worker, index) =>
        this.#ask(
          worker,
          {
            type: 'open',
            url: options.url,
            origin: options.origin,
            viewers: shares[index] ?? [],
            batch: options.batch,
            perSecond: options.perSecond / this.workers.length,
            pingMs: options.pingMs,
          },
          'opened',
        ),
      ),
    );
    answers.forEach((answer, index) => {
      this.#sizes[index] = (this.#sizes[index] ?? 0) + (shares[index]?.length ?? 0);
    });
    const failed = answers.reduce((sum, answer) => sum + answer.failed, 0);
    if (failed > 0) {
      throw new BenchError(
        `${failed} of ${options.viewers.length} sockets did not subscribe: ${answers.find((a) => a.firstError)?.firstError}`,
      );
    }
  }

  /** How many sockets received each keyed event so far. */
  async received(keys: string[]): Promise<number[]> {
    const answers = await Promise.all(
      this.workers.map((worker) => this.#ask(worker, { type: 'count', keys }, 'count')),
    );
    return keys.map((_, index) => answers.reduce((sum, answer) => sum + (answer.received[index] ?? 0), 0));
  }

  /** Waits until every socket has each keyed event, or `timeoutMs` passed; true if they all have. */
  async waitForAll(keys: string[], timeoutMs: number): Promise<boolean> {
    for (const deadline = now() + timeoutMs; ;) {
      const counts = await this.received(keys);
      if (counts.every((value) => value >= this.size)) return true;
      if (now() > deadline) return false;
      await sleep(20);
    }
  }

  async collect(): Promise<Collected> {
    const answers = await Promise.all(
      this.workers.map((worker) => this.#ask(worker, { type: 'collect' }, 'collected')),
    );
    const stats: WorkerStats = { open: 0, frames: 0, events: 0, pongs: 0, closedEarly: 0, closeCodes: {}, errors: 0 };
    for (const answer of answers) {
      stats.open += answer.stats.open;
      stats.frames += answer.stats.frames;
      stats.events += answer.stats.events;
      stats.pongs += answer.stats.pongs;
      stats.closedEarly += answer.stats.closedEarly;
      stats.errors += answer.stats.errors;
      for (const [code, n] of Object.entries(answer.stats.closeCodes)) {
        stats.closeCodes[code] = (stats.closeCodes[code] ?? 0) + n;
      }
    }
    return { arrivals: answers.map((answer) => answer.arrivals), sizes: [...this.#sizes], stats };
  }

  /** Closes every socket (cleanly, as a page that goes away). */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => this.#ask(worker, { type: 'close' }, 'closed')));
    this.#sizes.fill(0);
  }

  async terminate(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
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

/** Starts the bare ws server as a child process (like the real server); its URL and pid. */
export async function startFloorServer(
  onCleanup: (step: () => Promise<void>) => void,
): Promise<{ url: string; wsUrl: string; pid: number | undefined }> {
  const floor = spawn(process.execPath, [thisFile], {
    cwd: root,
    env: { ...process.env, LIVE_FLOOR_ROLE: 'floor' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  onCleanup(async () => {
    if (floor.exitCode === null && floor.signalCode === null) {
      const exited = new Promise((resolve) => floor.once('exit', resolve));
      floor.kill('SIGTERM');
      const timer = setTimeout(() => floor.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  });
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    floor.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /listening (\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    floor.once('exit', (code) => reject(new BenchError(`the bare ws server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, wsUrl: `ws://127.0.0.1:${port}/live`, pid: floor.pid };
}

// ---------------------------------------------------------------------------------------------
// Fan-out: N sockets watch one topic while writes arrive one at a time; for each write, the time
// from its HTTP response reaching the writer to the event reaching every socket.

/** A server whose broadcast is measured. */
export interface FanoutTarget {
  system: string;
  wsUrl: string;
  origin: string;
  topic: string;
  pid: number | undefined;
  /** Makes write number `index` (warm-ups have negative numbers); its key, and when it was sent and answered. */
  write(index: number): Promise<{ key: string; sentAt: number; answeredAt: number }>;
}

export interface FanoutFigures {
  /** Server process CPU per write, warm-ups included (ms). */
  cpuPerWrite: number;
  p50: number;
  p99: number;
  last50: number;
  last99: number;
  spread50: number;
  spread99: number;
  request50: number;
  request99: number;
}

const fmt = (value: number) =>
  Number.isFinite(value) ? (Math.abs(value) < 10 ? value.toFixed(2) : value.toFixed(1)) : '–';
const count = (value: number) => value.toLocaleString('en-US');
/** a / b; only when both are positive (a delivery before the response makes a ratio meaningless). */
export const ratioText = (a: number, b: number) =>
  Number.isFinite(a) && Number.isFinite(b) && a > 0 && b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a (≤ 0)';

/**
 * Per size N and target: opens N sockets watching the target's topic, makes the writes one at a
 * time (each waits until every socket has it, or `timeout`, then `gap`), closes the sockets.
 * Returns the table rows, the ratio rows (first target / second) and the figures per N and system.
 */
export async function measureFanout(options: {
  pool: ViewerPool;
  targets: FanoutTarget[];
  sizes: number[];
  writes: number;
  warmup: number;
  gap: number;
  timeout: number;
  batch: number;
  /** Address of viewer number n. */
  address?: (n: number) => string;
}): Promise<{
  results: Record<string, string>[];
  ratios: Record<string, string>[];
  figures: Map<string, FanoutFigures>;
}> {
  const { pool } = options;
  const results: Record<string, string>[] = [];
  const ratios: Record<string, string>[] = [];
  const all = new Map<string, FanoutFigures>();
  for (const n of options.sizes) {
    const figures = new Map<string, FanoutFigures>();
    for (const target of options.targets) {
      const connectStart = now();
      await pool.open({
        url: target.wsUrl,
        origin: target.origin,
        viewers: Array.from({ length: n }, (_, i) => ({
          address: (options.address ?? viewerAddress)(i),
          topics: [target.topic],
        })),
        batch: options.batch,
        perSecond: 0,
        pingMs: 0,
      });
      console.log(
        `\n${target.system}: ${count(n)} sockets opened and subscribed to ${target.topic} in ` +
          `${((now() - connectStart) / 1000).toFixed(1)} s`,
      );

      const writes: { key: string; sentAt: number; answeredAt: number; complete: boolean }[] = [];
      const cpuBefore = cpuMs(target.pid);
      const benchCpuBefore = process.cpuUsage();
      const phaseStart = now();
      for (let index = -options.warmup; index < options.writes; index++) {
        const write = await target.write(index);
        // wait until every client has it (or give up), then a pause, so writes do not overlap
        const complete = await pool.waitForAll([write.key], options.timeout);
        if (index >= 0) writes.push({ ...write, complete });
        await sleep(options.gap);
      }
      const phaseMs = now() - phaseStart;
      const serverCpu = cpuMs(target.pid) - cpuBefore;
      const benchCpu = process.cpuUsage(benchCpuBefore);

      const collected = await pool.collect();
      await pool.close();

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
        collected.arrivals.forEach((arrivals, i) => {
          const times = arrivals[write.key];
          const share = collected.sizes[i] ?? 0;
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
      const sorted = (values: number[]) => Float64Array.from(values).sort();
      const sortedResponse = sorted(fromResponse);
      const sortedRequest = sorted(fromRequest);
      const sortedLast = sorted(lastFromResponse);
      const sortedWrite = sorted(writeMs);
      const sortedSpread = sorted(spreads);
      const row: FanoutFigures = {
        cpuPerWrite: serverCpu / (writes.length + options.warmup),
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
      all.set(`${n} ${target.system}`, row);
      results.push({
        N: count(n),
        system: target.system,
        writes: String(writes.length),
        'p50 ms': fmt(row.p50),
        'p99 ms': fmt(row.p99),
        'last p50 ms': fmt(row.last50),
        'last p99 ms': fmt(row.last99),
        missing: `${count(missing)} of ${count(writes.length * n)}`,
        'before resp.': `${((100 * early) / Math.max(1, fromResponse.length)).toFixed(1)}%`,
        'spread p50': fmt(row.spread50),
        'spread p99': fmt(row.spread99),
        'req→client p50': fmt(row.request50),
        'req→client p99': fmt(row.request99),
        'write p50 ms': fmt(percentile(sortedWrite, 50)),
        'server CPU ms/write': fmt(row.cpuPerWrite),
      });
      console.log(
        `${target.system}: ${writes.length + options.warmup} writes (${options.warmup} warm-up) in ` +
          `${(phaseMs / 1000).toFixed(1)} s; server process CPU ${count(Math.round(serverCpu))} ms, ` +
          `bench process (clients) CPU ${count(Math.round((benchCpu.user + benchCpu.system) / 1000))} ms; ` +
          `${writes.filter((write) => !write.complete).length} writes not delivered everywhere within ${options.timeout} ms; ` +
          `${collected.stats.closedEarly} sockets closed early`,
      );
    }
    const [first, second] = options.targets;
    const a = first && figures.get(first.system);
    const b = second && figures.get(second.system);
    if (a && b && first && second) {
      const of = `${first.system}/${second.system}`;
      ratios.push({
        N: count(n),
        [`p50 ${of}`]: ratioText(a.p50, b.p50),
        [`p99 ${of}`]: ratioText(a.p99, b.p99),
        [`last p50 ${of}`]: ratioText(a.last50, b.last50),
        [`last p99 ${of}`]: ratioText(a.last99, b.last99),
        [`spread p50 ${of}`]: ratioText(a.spread50, b.spread50),
        [`spread p99 ${of}`]: ratioText(a.spread99, b.spread99),
        [`req→client p50 ${of}`]: ratioText(a.request50, b.request50),
        [`req→client p99 ${of}`]: ratioText(a.request99, b.request99),
        [`server CPU/write ${of}`]: ratioText(a.cpuPerWrite, b.cpuPerWrite),
      });
    }
  }
  return { results, ratios, figures: all };
}

/** The explanation printed above the fan-out tables. */
export const FANOUT_LEGEND =
  `Times in ms from the write's HTTP response reaching the writer to the event reaching each client ` +
  `(p50/p99 over all client×write pairs; "last" = the last client of each write, p50/p99 over writes; ` +
  `negative = the event came before the response). "before resp." = share of deliveries before the response; ` +
  `"spread" = first to last client of a write (the broadcast itself, whatever the response did), p50/p99 over writes; ` +
  `"req→client" = from the request being sent instead; "write" = the HTTP round trip; ` +
  `server CPU from /proc/<pid>/stat (10 ms ticks) per write, warm-ups included. The bare ws server answers the ` +
  `POST, then sends the frame to every socket in the same tick.`;

// ---------------------------------------------------------------------------------------------

if (!isMainThread && (workerData as { role?: string } | null)?.role === 'live-viewers') {
  await viewerWorker();
} else if (isMainThread && process.env.LIVE_FLOOR_ROLE === 'floor' && process.argv[1] === thisFile) {
  await floorServer();
}
