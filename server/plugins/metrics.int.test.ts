import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { JOBS_SCHEMA } from '../lib/jobs.ts';
import { buildTestApp } from '../test/app.ts';
import { roomsFixture } from '../test/fixtures/rooms.ts';
import { TestLiveSocket } from '../test/live-socket.ts';
import { registeredRoutes } from '../test/route-list.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp-server.ts';
import { spawnServer, type SpawnedServer } from '../test/spawn-server.ts';
import { METRICS_PATH, UNMATCHED_ROUTE } from './metrics.ts';

const databaseUrl = inject('databaseUrl');
const TOKEN = `metrics-${randomUUID()}`;
const EXPOSITION_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** The names this issue asks for, each with its type. */
const EXPECTED_FAMILIES: Record<string, string> = {
  townhall_http_request_duration_seconds: 'histogram',
  townhall_live_connections: 'gauge',
  townhall_live_topics: 'gauge',
  townhall_live_broadcast_duration_seconds: 'histogram',
  townhall_live_bus_events_total: 'counter',
  townhall_db_pool_connections: 'gauge',
  townhall_db_pool_idle_connections: 'gauge',
  townhall_db_pool_waiting_requests: 'gauge',
  townhall_db_pool_max_connections: 'gauge',
  townhall_db_query_duration_seconds: 'histogram',
  townhall_jobs_queued: 'gauge',
  townhall_jobs_due: 'gauge',
  townhall_jobs_failed: 'gauge',
  townhall_mail_sent_total: 'counter',
  townhall_mail_failed_total: 'counter',
  // prom-client's default metrics: the event loop's delay and the memory
  nodejs_eventloop_lag_p99_seconds: 'gauge',
  nodejs_heap_size_used_bytes: 'gauge',
  process_resident_memory_bytes: 'gauge',
};

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
interface Family {
  help: string;
  type: string;
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE_LINE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/y;

/** A sample value as Prometheus reads it (Go's ParseFloat: NaN and Inf in any case; prom-client writes `Nan`). */
function parseValue(text: string, line: string): number {
  if (/^\+?inf$/i.test(text)) return Infinity;
  if (/^-inf$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (!/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`not a sample value: ${line}`);
  return Number(text);
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match?.[1] || match[2] === undefined) throw new Error(`bad labels: ${line}`);
    if (match[1] in labels) throw new Error(`label ${match[1]} twice: ${line}`);
    labels[match[1]] = match[2].replaceAll(/\\(.)/g, (_all, escaped: string) => (escaped === 'n' ? '\n' : escaped));
  }
  return labels;
}

/**
 * Reads Prometheus's text format (0.0.4) strictly: every line is a HELP, a TYPE or a sample of a
 * family declared before it; histograms have cumulative buckets ending at +Inf, which equals
 * their count. Throws on anything else, so a body that Prometheus would refuse fails the test.
 */
function parseExposition(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const familyOf = (sample: string) => {
    if (families.has(sample)) return families.get(sample);
    const base = /^(.*)_(bucket|sum|count)$/.exec(sample)?.[1];
    const family = base === undefined ? undefined : families.get(base);
    return family && (family.type === 'histogram' || family.type === 'summary') ? family : undefined;
  };
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const help = new RegExp(`^# HELP (${NAME}) (.*)$`).exec(line);
    if (help?.[1] && help[2] !== undefined) {
      if (families.has(help[1])) throw new Error(`family ${help[1]} declared twice`);
      families.set(help[1], { help: help[2], type: '', samples: [] });
      continue;
    }
    const type = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    if (type?.[1] && type[2]) {
      const family = families.get(type[1]);
      if (!family || family.type !== '' || family.samples.length > 0) throw new Error(`misplaced TYPE: ${line}`);
      family.type = type[2];
      continue;
    }
    if (line.startsWith('#')) throw new Error(`unknown comment: ${line}`);
    const sample = SAMPLE_LINE.exec(line);
    if (!sample?.[1] || sample[3] === undefined) throw new Error(`not a sample: ${line}`);
    const family = familyOf(sample[1]);
    if (!family?.type) throw new Error(`sample of no declared family: ${line}`);
    family.samples.push({
      name: sample[1],
      labels: sample[2] ? parseLabels(sample[2], line) : {},
      value: parseValue(sample[3], line),
    });
  }
  for (const [name, family] of families) {
    if (family.type !== 'histogram') continue;
    const series = new Map<string, Sample[]>();
    for (const sample of family.samples.filter((each) => each.name === `${name}_bucket`)) {
      const { le, ...rest } = sample.labels;
      if (le === undefined) throw new Error(`${name}: a bucket without le`);
      const key = JSON.stringify(rest);
      series.set(key, [...(series.get(key) ?? []), sample]);
    }
    for (const [key, buckets] of series) {
      const counts = buckets.map((bucket) => bucket.value);
      if (counts.some((count, index) => index > 0 && count < (counts[index - 1] ?? 0))) {
        throw new Error(`${name}${key}: buckets are not cumulative`);
      }
      const last = buckets.at(-1);
      const count = family.samples.find(
        (sample) => sample.name === `${name}_count` && JSON.stringify(sample.labels) === key,
      );
      if (last?.labels.le !== '+Inf' || last.value !== count?.value) {
        throw new Error(`${name}${key}: the +Inf bucket is not the count`);
      }
    }
  }
  return families;
}

/** The value of the sample `name` whose labels include `labels`; undefined when there is none. */
function valueOf(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const family of families.values()) {
    const found = family.samples.find(
      (sample) =>
        sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
    );
    if (found) return found.value;
  }
  return undefined;
}

/** A TCP port that was free a moment ago. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Whether a TCP connection to `host:port` is refused (nothing listens there). */
function isRefused(host: string, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      // refused, or an address this machine does not have (IPv6 switched off): nobody answered
      if (error.code === 'ECONNREFUSED' || error.code === 'EADDRNOTAVAIL' || error.code === 'ENETUNREACH')
        resolve(true);
      else reject(error);
    });
  });
}

describe('metrics with METRICS_TOKEN (and METRICS_PORT) in one app', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let metricsPort: number;
  let smtp: TestSmtpServer;
  const sockets: TestLiveSocket[] = [];
  const mailQueue = `mail.send.test_metrics_${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    metricsPort = await freePort();
    app = await buildTestApp({
      config: { smtpUrl: smtp.url, metrics: { token: TOKEN, port: metricsPort } },
      // one attempt: a refused e-mail fails at once, and so does its job
      mail: { queue: mailQueue, retryLimit: 0 },
      plugins: [roomsFixture],
    });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.close();
    await smtp?.close();
  });

  const scrape = async (): Promise<Map<string, Family>> => {
    const response = await fetch(`${baseUrl}${METRICS_PATH}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    return parseExposition(await response.text());
  };

  it('refuses a caller without the token, or with another, with the API error shape', async () => {
    const cases: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: 'Bearer wrong-token-of-some-length' },
      { authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
    ];
    for (const headers of cases) {
      const response = await fetch(`${baseUrl}${METRICS_PATH}`, { headers });
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body).toEqual({
        error: { code: 'unauthenticated', message: '/metrics needs the header Authorization: Bearer <METRICS_TOKEN>.' },
      });
    }
  });

  it('answers the token with Prometheus text: every family with its HELP and TYPE', async () => {
    const response = await fetch(`${baseUrl}${METRICS_PATH}`, { headers: { authorization: `bearer  ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(EXPOSITION_TYPE);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    const families = parseExposition(text);
    for (const [name, type] of Object.entries(EXPECTED_FAMILIES)) {
      expect(text, name).toMatch(new RegExp(`^# HELP ${name} \\S.*$`, 'm'));
      expect(families.get(name)?.type, name).toBe(type);
    }
    // the event loop and the memory are numbers of this process
    expect(valueOf(families, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(valueOf(families, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1_000_000);
  });

  it('times requests by route pattern and status, never by their address', async () => {
    const postId = randomUUID();
    const missingPost = await app.inject({ method: 'GET', url: `/api/posts/${postId}` });
    expect(missingPost.statusCode).toBe(404);
    const room = `open${randomUUID().slice(0, 8)}`;
    for (let index = 0; index < 2; index += 1) {
      const written = await app.inject({
        method: 'POST',
        url: `/api/test-rooms/${room}/messages`,
        payload: { text: 'hello' },
      });
      expect(written.statusCode).toBe(201);
    }
    const nowhere = await app.inject({ method: 'GET', url: `/api/no-such-thing/${postId}` });
    expect(nowhere.statusCode).toBe(404);
    // Fastify's HEAD twin of a GET route is timed once, as itself
    const head = await app.inject({ method: 'HEAD', url: '/api/health' });
    expect(head.statusCode).toBe(200);

    const response = await fetch(`${baseUrl}${METRICS_PATH}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const text = await response.text();
    const families = parseExposition(text);
    const count = (labels: Record<string, string>) =>
      valueOf(families, 'townhall_http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', route: '/api/posts/:postId', status_code: '404' })).toBe(1);
    expect(count({ method: 'POST', route: '/api/test-rooms/:room/messages', status_code: '201' })).toBe(2);
    expect(count({ method: 'GET', route: UNMATCHED_ROUTE, status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(count({ method: 'HEAD', route: '/api/health', status_code: '200' })).toBe(1);
    expect(count({ method: 'GET', route: '/api/health', status_code: '200' })).toBeUndefined();
    // the scrapes before this one were timed too
    expect(count({ method: 'GET', route: METRICS_PATH, status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(count({ method: 'GET', route: METRICS_PATH, status_code: '401' })).toBeGreaterThanOrEqual(6);
    const buckets = families.get('townhall_http_request_duration_seconds')?.samples ?? [];
    expect(buckets.some((sample) => sample.labels.route === '/api/posts/:postId' && sample.labels.le === '+Inf')).toBe(
      true,
    );
    // addresses never become label values: one series per pattern, however many ids
    expect(text).not.toContain(postId);
    expect(text).not.toContain(room);
    const routes = new Set(buckets.map((sample) => sample.labels.route));
    for (const route of routes) {
      expect(route === UNMATCHED_ROUTE || registeredRoutes(app).some((known) => known.url === route), route).toBe(true);
    }
  });

  it('counts live connections and topics, and times a broadcast once', async () => {
    const room = `open${randomUUID().slice(0, 8)}`;
    const before = await scrape();
    expect(valueOf(before, 'townhall_live_connections')).toBe(0);
    expect(valueOf(before, 'townhall_live_topics')).toBe(0);
    const broadcastsBefore = valueOf(before, 'townhall_live_broadcast_duration_seconds_count') ?? NaN;
    const publishedBefore = valueOf(before, 'townhall_live_bus_events_total', { direction: 'published' }) ?? NaN;
    const receivedBefore = valueOf(before, 'townhall_live_bus_events_total', { direction: 'received' }) ?? NaN;

    const watcher = await TestLiveSocket.open(baseUrl, { origin: baseUrl });
    const other = await TestLiveSocket.open(baseUrl, { origin: baseUrl });
    sockets.push(watcher, other);
    expect(await watcher.subscribe(`room:${room}`)).toMatchObject({ type: 'subscribed' });
    expect(await other.subscribe(`room:${room}`)).toMatchObject({ type: 'subscribed' });
    expect(await other.subscribe(`room:${room}b`)).toMatchObject({ type: 'subscribed' });
    const watching = await scrape();
    expect(valueOf(watching, 'townhall_live_connections')).toBe(2);
    expect(valueOf(watching, 'townhall_live_topics')).toBe(2);

    const written = await app.inject({
      method: 'POST',
      url: `/api/test-rooms/${room}/messages`,
      payload: { text: 'hi' },
    });
    expect(written.statusCode).toBe(201);
    await watcher.next((message) => message.type === 'event');
    await other.next((message) => message.type === 'event');

    const after = await scrape();
    // one broadcast to two sockets: one observation
    expect(valueOf(after, 'townhall_live_broadcast_duration_seconds_count')).toBe(broadcastsBefore + 1);
    expect(valueOf(after, 'townhall_live_broadcast_duration_seconds_bucket', { le: '+Inf' })).toBe(
      broadcastsBefore + 1,
    );
    expect(valueOf(after, 'townhall_live_broadcast_duration_seconds_sum')).toBeGreaterThan(0);
    // this app's own event went out and came back through PostgreSQL (other apps of the run share the channel)
    expect(valueOf(after, 'townhall_live_bus_events_total', { direction: 'published' })).toBe(publishedBefore + 1);
    expect(valueOf(after, 'townhall_live_bus_events_total', { direction: 'received' })).toBeGreaterThanOrEqual(
      receivedBefore + 1,
    );

    watcher.close();
    other.close();
    await vi.waitFor(async () => {
      const closed = await scrape();
      expect(valueOf(closed, 'townhall_live_connections')).toBe(0);
      expect(valueOf(closed, 'townhall_live_topics')).toBe(0);
    });
  });

  it('counts e-mails sent, and those the SMTP server refused', async () => {
    const before = await scrape();
    const sentBefore = valueOf(before, 'townhall_mail_sent_total') ?? NaN;
    const failedBefore = valueOf(before, 'townhall_mail_failed_total', { final: 'true' }) ?? NaN;
    const to = `metrics-${randomUUID().slice(0, 8)}@example.org`;
    const email = { to, kind: 'welcome', subject: 'Counted', text: 'Hello.', html: '<p>Hello.</p>' };

    await app.mail.send(email);
    await smtp.waitFor((received) => received.envelope.to.includes(to));
    await vi.waitFor(async () => expect(valueOf(await scrape(), 'townhall_mail_sent_total')).toBe(sentBefore + 1), {
      timeout: 10_000,
    });

    smtp.refuse({ at: 'data', code: 451, message: 'Try again later' });
    try {
      const refusedTo = `refused-${to}`;
      await app.mail.send({ ...email, to: refusedTo });
      await vi.waitFor(
        async () => {
          const families = await scrape();
          // its only attempt (retryLimit 0) failed: the e-mail is given up, its job failed
          expect(valueOf(families, 'townhall_mail_failed_total', { final: 'true' })).toBe(failedBefore + 1);
          expect(valueOf(families, 'townhall_jobs_failed', { queue: mailQueue })).toBe(1);
        },
        { timeout: 15_000, interval: 200 },
      );
      expect(valueOf(await scrape(), 'townhall_mail_sent_total')).toBe(sentBefore + 1);
    } finally {
      smtp.refuse(null);
    }
  });

  it("reads the pool's clients and times the statements", async () => {
    const families = await scrape();
    expect(valueOf(families, 'townhall_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(valueOf(families, 'townhall_db_pool_connections')).toBeLessThanOrEqual(10);
    expect(valueOf(families, 'townhall_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
    expect(valueOf(families, 'townhall_db_pool_waiting_requests')).toBe(0);
    expect(valueOf(families, 'townhall_db_pool_max_connections')).toBe(10);
    const statements = valueOf(families, 'townhall_db_query_duration_seconds_count') ?? 0;
    expect(statements).toBeGreaterThan(0);

    await app.db.$client.query('select pg_sleep(0.05)');
    const later = await scrape();
    expect(valueOf(later, 'townhall_db_query_duration_seconds_count')).toBeGreaterThan(statements);
    // the 50 ms statement landed above the 25 ms bucket
    const above = (families: Map<string, Family>) =>
      (valueOf(families, 'townhall_db_query_duration_seconds_count') ?? 0) -
      (valueOf(families, 'townhall_db_query_duration_seconds_bucket', { le: '0.025' }) ?? 0);
    expect(above(later)).toBeGreaterThan(above(families));
  });

  it('reads the depth and the failures of every pg-boss queue at each scrape', async () => {
    const queue = `metrics.test_${randomUUID().slice(0, 8)}`;
    const boss = new PgBoss({
      connectionString: databaseUrl,
      schema: JOBS_SCHEMA,
      migrate: false,
      supervise: false,
      schedule: false,
    });
    boss.on('error', () => undefined);
    await boss.start();
    try {
      await boss.createQueue(queue, { retryLimit: 0 });
      const empty = await scrape();
      expect(valueOf(empty, 'townhall_jobs_queued', { queue })).toBe(0);
      expect(valueOf(empty, 'townhall_jobs_due', { queue })).toBe(0);
      expect(valueOf(empty, 'townhall_jobs_failed', { queue })).toBe(0);

      // a job whose handler throws, with no retry left: pg-boss fails it
      await boss.send(queue, { n: 1 }, { retryLimit: 0 });
      await boss.work(queue, { pollingIntervalSeconds: 0.5 }, async () => {
        throw new Error('failed on purpose');
      });
      await vi.waitFor(async () => expect(valueOf(await scrape(), 'townhall_jobs_failed', { queue })).toBe(1), {
        timeout: 10_000,
        interval: 200,
      });
      await boss.offWork(queue);

      // nobody works the queue now: one job due, one for later
      await boss.send(queue, { n: 2 });
      await boss.send(queue, { n: 3 }, { startAfter: 3_600 });
      const waiting = await scrape();
      expect(valueOf(waiting, 'townhall_jobs_queued', { queue })).toBe(2);
      expect(valueOf(waiting, 'townhall_jobs_due', { queue })).toBe(1);
      expect(valueOf(waiting, 'townhall_jobs_failed', { queue })).toBe(1);
    } finally {
      await boss.deleteQueue(queue).catch(() => undefined);
      await boss.stop({ graceful: false });
    }
  });

  it('serves the same metrics without a token on METRICS_PORT, at 127.0.0.1 only', async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}${METRICS_PATH}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(EXPOSITION_TYPE);
    const families = parseExposition(await response.text());
    expect(families.get('townhall_http_request_duration_seconds')?.type).toBe('histogram');
    const elsewhere = await fetch(`http://127.0.0.1:${metricsPort}/api/health`);
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toMatchObject({ error: { code: 'not_found' } });
    // the main port still wants the token
    expect((await fetch(`${baseUrl}${METRICS_PATH}`)).status).toBe(401);
  });

  it('keeps /metrics out of the OpenAPI document', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).filter((path) => path.includes('metrics'))).toEqual([]);
    expect(registeredRoutes(app)).toContainEqual({ method: 'GET', url: METRICS_PATH });
  });

  it('answers other methods and paths below /metrics with the JSON 404', async () => {
    for (const [method, url] of [
      ['POST', METRICS_PATH],
      ['GET', `${METRICS_PATH}/extra`],
    ] as const) {
      const response = await app.inject({ method, url, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('TEST_REDIS_URL is not set: the bus counters are tested over PostgreSQL only.');

describe.each(redisUrl ? [{ redisUrl }] : [])('metrics of the Redis bus', ({ redisUrl: url }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({
      config: { redisUrl: url, metrics: { token: TOKEN, port: undefined } },
      plugins: [roomsFixture],
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('counts the events published to Redis and received from it', async () => {
    const scrape = async () => {
      const response = await app.inject({
        method: 'GET',
        url: METRICS_PATH,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      return parseExposition(response.body);
    };
    const before = await scrape();
    const received = () => valueOf(before, 'townhall_live_bus_events_total', { direction: 'received' }) ?? NaN;
    const written = await app.inject({
      method: 'POST',
      url: `/api/test-rooms/open${randomUUID().slice(0, 8)}/messages`,
      payload: { text: 'over Redis' },
    });
    expect(written.statusCode).toBe(201);
    await vi.waitFor(async () => {
      const after = await scrape();
      expect(valueOf(after, 'townhall_live_bus_events_total', { direction: 'published' })).toBe(
        (valueOf(before, 'townhall_live_bus_events_total', { direction: 'published' }) ?? NaN) + 1,
      );
      expect(valueOf(after, 'townhall_live_bus_events_total', { direction: 'received' })).toBeGreaterThanOrEqual(
        received() + 1,
      );
    });
  });
});

describe('metrics without configuration', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('has no /metrics: the JSON not-found, not a page of the client', async () => {
    expect(registeredRoutes(app).filter((route) => route.url.startsWith(METRICS_PATH))).toEqual([]);
    for (const url of [METRICS_PATH, `${METRICS_PATH}/`, `${METRICS_PATH}?x=1`]) {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }, { accept: 'text/html' }]) {
        const response = await app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(response.json()).toEqual({
          error: { code: 'not_found', message: `There is no route GET ${url.split('?')[0]}.` },
        });
      }
    }
  });
});

describe('METRICS_PORT in a real process', () => {
  let server: SpawnedServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('serves /metrics on 127.0.0.1:METRICS_PORT only, and the main port answers 404', async () => {
    const port = await freePort();
    server = await spawnServer({
      env: { DATABASE_URL: databaseUrl, METRICS_PORT: String(port), METRICS_TOKEN: undefined },
    });
    const running = server;
    const response = await fetch(`http://127.0.0.1:${port}${METRICS_PATH}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(EXPOSITION_TYPE);
    const families = parseExposition(await response.text());
    for (const [name, type] of Object.entries(EXPECTED_FAMILIES)) expect(families.get(name)?.type, name).toBe(type);

    // the process's own requests show up in its histogram
    expect((await fetch(`${running.url}/api/health`)).status).toBe(200);
    const later = parseExposition(await (await fetch(`http://127.0.0.1:${port}${METRICS_PATH}`)).text());
    expect(
      valueOf(later, 'townhall_http_request_duration_seconds_count', { route: '/api/health', status_code: '200' }),
    ).toBeGreaterThanOrEqual(1);

    const main = await fetch(`${running.url}${METRICS_PATH}`);
    expect(main.status).toBe(404);
    expect(await main.json()).toEqual({ error: { code: 'not_found', message: 'There is no route GET /metrics.' } });

    // bound to 127.0.0.1 itself: another loopback address, or IPv6's, finds nothing there
    const listening = running
      .output()
      .split('\n')
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as { component?: string; address?: string; port?: number }];
        } catch {
          return [];
        }
      })
      .find((entry) => entry.component === 'metrics' && entry.port !== undefined);
    expect(listening).toMatchObject({ address: '127.0.0.1', port });
    expect(await isRefused('127.0.0.2', port)).toBe(true);
    expect(await isRefused('::1', port)).toBe(true);
  }, 90_000);
});
