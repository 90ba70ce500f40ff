import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { MetricsConfig } from '../config/env.ts';
import { observeQueries } from '../db/client.ts';
import { JOBS_SCHEMA } from '../lib/jobs.ts';
import { AppError, notFound } from '../lib/errors.ts';

/** Where Prometheus reads the metrics, on the main port (with METRICS_TOKEN) and on METRICS_PORT. */
export const METRICS_PATH = '/metrics';

/** The only interface the METRICS_PORT listener binds: a scraper on the same machine. */
export const METRICS_HOST = '127.0.0.1';

/** The `route` label of requests no route matched: the client's pages and every 404. */
export const UNMATCHED_ROUTE = '(unmatched)';

// Requests here take 1–10 ms; the tail matters up to the 3 s checkout wait and beyond.
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// A read is a fraction of a millisecond; the server cancels a statement at 30 s.
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
// 256 sockets a turn take about 4 ms (decision 037): 5,000 viewers are some 100–200 ms.
const BROADCAST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * Per queue of pg-boss (JOBS_SCHEMA): jobs waiting (created or retry), those of them due now, and
 * jobs that failed for good in the last 12 hours (pg-boss 12 keeps failed jobs in its job table
 * for 7 days; the window is the one pg-boss 10's archiving gave this gauge). One statement per
 * scrape; every queue is listed, with zeros when it has no job.
 */
const JOBS_STATEMENT = `
  select q.name as queue,
    count(j.id) filter (where j.state in ('created', 'retry'))::int as queued,
    count(j.id) filter (where j.state in ('created', 'retry') and j.start_after <= now())::int as due,
    count(j.id) filter (where j.state = 'failed' and j.completed_on > now() - interval '12 hours')::int as failed
  from ${JOBS_SCHEMA}.queue q
  left join ${JOBS_SCHEMA}.job j on j.name = q.name and j.state in ('created', 'retry', 'failed')
  group by q.name`;

interface RequestLabels {
  method: string;
  route: string;
  status_code: number;
}

/**
 * The label sets of one route, made once per method and status: observing a request allocates
 * nothing of ours (prom-client's observe does its own work).
 */
class RouteLabels {
  readonly #route: string;
  readonly #byMethod = new Map<string, Map<number, RequestLabels>>();
  constructor(route: string) {
    this.#route = route;
  }
  of(method: string, status: number): RequestLabels {
    let byStatus = this.#byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      this.#byMethod.set(method, byStatus);
    }
    let labels = byStatus.get(status);
    if (!labels) {
      labels = { method, route: this.#route, status_code: status };
      byStatus.set(status, labels);
    }
    return labels;
  }
}

/** Whether `header` is `Bearer <token>` with the expected token, compared in constant time. */
function bearerMatches(header: string | undefined, expectedDigest: Buffer): boolean {
  const token = header === undefined ? undefined : /^Bearer +(\S+) *$/i.exec(header)?.[1];
  if (token === undefined) return false;
  // equal-length digests: the comparison takes as long whatever the token's length or first difference
  return timingSafeEqual(createHash('sha256').update(token).digest(), expectedDigest);
}

/** The error body of the app (`{ error: { code, message } }`), for the METRICS_PORT listener. */
function errorBody(code: string, message: string): string {
  return JSON.stringify({ error: { code, message } });
}

/**
 * The METRICS_PORT listener: GET (or HEAD) /metrics without a token, on 127.0.0.1 only, apart
 * from the app's routes and hooks. Anything else answers a JSON error.
 */
function createMetricsListener(render: () => Promise<string>, contentType: string, logger: FastifyBaseLogger) {
  return http.createServer((request, response) => {
    const pathname = (request.url ?? '/').split('?')[0];
    const sendError = (status: number, code: string, message: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      response.end(errorBody(code, message));
    };
    if (pathname !== METRICS_PATH) {
      sendError(404, 'not_found', `There is no route ${request.method} ${pathname}; metrics are at ${METRICS_PATH}.`);
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      sendError(405, 'method_not_allowed', `${METRICS_PATH} answers GET.`, { allow: 'GET, HEAD' });
      return;
    }
    render().then(
      (body) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'metrics could not be collected');
        sendError(500, 'internal', 'The metrics could not be collected.');
      },
    );
  });
}

/** The prefixed not-found handler: /metrics and below answer the API's JSON 404, never a page. */
async function metricsNotFound(scope: FastifyInstance): Promise<void> {
  scope.setNotFoundHandler(async (request) => {
    throw notFound(`There is no route ${request.method} ${request.url.split('?')[0]}.`);
  });
}

/**
 * Prometheus metrics (decision 039), off unless configured: with METRICS_TOKEN, GET /metrics on the
 * main port for `Authorization: Bearer <token>`; with METRICS_PORT, a listener of its own on
 * 127.0.0.1 without a token. Neither: nothing is measured and /metrics is the API's JSON 404.
 *
 * Register it before any route (right after the database): each route gets its own onResponse
 * hook that knows its pattern, so timing a request reads no route options. One Registry per app,
 * never prom-client's global one (tests build many apps in one process).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    // On or off, /metrics and below that no route matches answer the JSON 404, never the
    // client's page (a handle "metrics" would otherwise get one: /:username).
    await app.register(metricsNotFound, { prefix: METRICS_PATH });
    const config: MetricsConfig = app.config.metrics;
    if (config.token === undefined && config.port === undefined) return;

    const registry = new Registry();
    const registers = [registry];
    collectDefaultMetrics({ register: registry });

    const requestDuration = new Histogram<keyof RequestLabels>({
      name: 'townhall_http_request_duration_seconds',
      help: `Time from a request's arrival to its response, by method, route pattern (${UNMATCHED_ROUTE}: the client's pages and 404s) and status.`,
      labelNames: ['method', 'route', 'status_code'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    const observeRoute = (labels: RouteLabels) =>
      function observeRequest(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
        requestDuration.observe(labels.of(request.method, reply.statusCode), reply.elapsedTime / 1000);
        done();
      };
    app.addHook('onRoute', (route) => {
      const hook = observeRoute(new RouteLabels(route.url));
      const existing = route.onResponse;
      route.onResponse = existing === undefined ? [hook] : [...(Array.isArray(existing) ? existing : [existing]), hook];
    });
    const unmatched = new RouteLabels(UNMATCHED_ROUTE);
    app.addHook('onResponse', (request, reply, done) => {
      // matched routes observe in their own hook (above)
      if (request.is404) {
        requestDuration.observe(unmatched.of(request.method, reply.statusCode), reply.elapsedTime / 1000);
      }
      done();
    });

    const queryDuration = new Histogram({
      name: 'townhall_db_query_duration_seconds',
      help: "Time of each statement on the main pool's connections (and the change log's), from query() to its result.",
      buckets: QUERY_BUCKETS,
      registers,
    });
    observeQueries(app.db, (seconds) => queryDuration.observe(seconds));
    const pool = app.db.$client;
    new Gauge({
      name: 'townhall_db_pool_connections',
      help: 'Connections the main pool holds open, idle or in use (DATABASE_POOL_MAX at most).',
      registers,
      collect() {
        this.set(pool.totalCount);
      },
    });
    new Gauge({
      name: 'townhall_db_pool_idle_connections',
      help: 'Open connections of the main pool that no request is using.',
      registers,
      collect() {
        this.set(pool.idleCount);
      },
    });
    new Gauge({
      name: 'townhall_db_pool_waiting_requests',
      help: 'Requests waiting for a connection of the main pool (each gives up after 3 s with a 503).',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
    new Gauge({
      name: 'townhall_db_pool_max_connections',
      help: 'DATABASE_POOL_MAX: the most connections the main pool opens.',
      registers,
    }).set(app.config.databasePoolMax);

    const liveHub = () => (app.hasDecorator('live') ? app.live.hub : undefined);
    new Gauge({
      name: 'townhall_live_connections',
      help: 'Open live-channel WebSockets of this process.',
      registers,
      collect() {
        this.set(liveHub()?.connectionCount ?? 0);
      },
    });
    new Gauge({
      name: 'townhall_live_topics',
      help: 'Topics at least one WebSocket of this process watches.',
      registers,
      collect() {
        this.set(liveHub()?.topicCount ?? 0);
      },
    });
    const broadcastDuration = new Histogram({
      name: 'townhall_live_broadcast_duration_seconds',
      help: "Time an event takes to be handed to every WebSocket of this process watching its topic (all the broadcast's slices); one observation per event.",
      buckets: BROADCAST_BUCKETS,
      registers,
    });
    const busEvents = new Counter<'direction'>({
      name: 'townhall_live_bus_events_total',
      help: 'Live events through the bus between processes: published (after their write committed) and received (from any process, this one included).',
      labelNames: ['direction'],
      registers,
    });
    const busPublished = busEvents.labels('published');
    const busReceived = busEvents.labels('received');
    busPublished.inc(0);
    busReceived.inc(0);

    const mailSent = new Counter({
      name: 'townhall_mail_sent_total',
      help: 'E-mails the SMTP server accepted (without SMTP_URL e-mails are stored, not sent, and not counted).',
      registers,
    });
    const mailFailed = new Counter<'final'>({
      name: 'townhall_mail_failed_total',
      help: 'Delivery attempts that failed: final="false" is retried later, final="true" gave the e-mail up (status failed).',
      labelNames: ['final'],
      registers,
    });
    const mailRetried = mailFailed.labels('false');
    const mailGivenUp = mailFailed.labels('true');
    mailRetried.inc(0);
    mailGivenUp.inc(0);

    const jobsQueued = new Gauge<'queue'>({
      name: 'townhall_jobs_queued',
      help: 'Jobs waiting in each pg-boss queue (states created and retry), including those scheduled for later.',
      labelNames: ['queue'],
      registers,
    });
    const jobsDue = new Gauge<'queue'>({
      name: 'townhall_jobs_due',
      help: 'Waiting jobs of each pg-boss queue whose time has come: a worker should take them within seconds.',
      labelNames: ['queue'],
      registers,
    });
    const jobsFailed = new Gauge<'queue'>({
      name: 'townhall_jobs_failed',
      help: 'Jobs of each pg-boss queue that failed for good (no retry left) in the last 12 hours.',
      labelNames: ['queue'],
      registers,
    });
    const logger = app.log.child({ component: 'metrics' });
    const refreshJobs = async () => {
      try {
        const { rows } = await pool.query<{ queue: string; queued: number; due: number; failed: number }>(
          JOBS_STATEMENT,
        );
        for (const gauge of [jobsQueued, jobsDue, jobsFailed]) gauge.reset();
        for (const row of rows) {
          jobsQueued.set({ queue: row.queue }, row.queued);
          jobsDue.set({ queue: row.queue }, row.due);
          jobsFailed.set({ queue: row.queue }, row.failed);
        }
      } catch (error) {
        // the rest of the metrics still answer; the job gauges are absent rather than stale
        for (const gauge of [jobsQueued, jobsDue, jobsFailed]) gauge.reset();
        logger.warn({ err: error }, 'the job queues could not be measured');
      }
    };
    // scrapes that arrive together (both listeners) share one statement
    let refreshing: Promise<void> | undefined;
    const render = async (): Promise<string> => {
      refreshing ??= refreshJobs().finally(() => {
        refreshing = undefined;
      });
      await refreshing;
      return registry.metrics();
    };

    // the live channel and the mail worker are registered after this plugin
    app.addHook('onReady', async () => {
      if (app.hasDecorator('live')) {
        app.live.hub.observeBroadcasts((durationMs) => broadcastDuration.observe(durationMs / 1000));
        app.live.bus.observeTraffic({
          published: (count) => busPublished.inc(count),
          received: () => busReceived.inc(),
        });
      }
      if (app.hasDecorator('mail')) {
        app.mail.observeDeliveries((result) => {
          if (result === 'sent') mailSent.inc();
          else if (result === 'failed') mailGivenUp.inc();
          else if (result === 'retry') mailRetried.inc();
        });
      }
    });

    if (config.token !== undefined) {
      const expectedDigest = createHash('sha256').update(config.token).digest();
      app.get(
        METRICS_PATH,
        {
          // for Prometheus, not for the API's clients: not in the OpenAPI document
          schema: { hide: true },
          onRequest: (request, _reply, done) => {
            if (bearerMatches(request.headers.authorization, expectedDigest)) return done();
            done(
              new AppError(
                401,
                'unauthenticated',
                `${METRICS_PATH} needs the header Authorization: Bearer <METRICS_TOKEN>.`,
                {
                  headers: { 'www-authenticate': 'Bearer realm="metrics"' },
                },
              ),
            );
          },
        },
        async (_request, reply) => {
          const body = await render();
          return reply.type(registry.contentType).header('cache-control', 'no-store').send(body);
        },
      );
    }

    if (config.port !== undefined) {
      const { port } = config;
      const listener = createMetricsListener(render, registry.contentType, logger);
      app.addHook('onReady', async () => {
        await new Promise<void>((resolve, reject) => {
          listener.once('error', reject);
          listener.listen(port, METRICS_HOST, () => {
            listener.off('error', reject);
            resolve();
          });
        }).catch((error: unknown) => {
          throw new Error(`METRICS_PORT ${port}: metrics cannot listen on ${METRICS_HOST}:${port}`, { cause: error });
        });
        listener.on('error', (error) => logger.error({ err: error }, 'metrics listener error'));
        const address = listener.address() as AddressInfo;
        logger.info(
          { address: address.address, port: address.port },
          `metrics on http://${METRICS_HOST}:${port}${METRICS_PATH}`,
        );
      });
      app.addHook('onClose', async () => {
        if (!listener.listening) return;
        const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
        // a scraper keeps its connection open between scrapes
        listener.closeAllConnections();
        await closed;
      });
    }
  },
  { name: 'metrics', dependencies: ['database'] },
);
