/**
 * The one job system: a single pg-boss instance per process, in its own schema on the app's
 * database. Features declare their queues with `define(name, handler, policy)` and queue work
 * with `send(name, data, { tx })`; nothing else of pg-boss leaves this file and
 * `jobs-upgrade.ts`. The Fastify side (`app.jobs`, start and stop with the app) is
 * `server/plugins/jobs.ts`.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { fromDrizzle, PgBoss, type JobResult, type JobWithMetadata, type QueuePolicy, type QueueResult } from 'pg-boss';
import type pg from 'pg';
import type { Transaction } from '../db/client.ts';
import { logDatabaseError } from './database-errors.ts';
import { moveJobsOfOldSchema, setAsideOldSchema } from './jobs-upgrade.ts';

/** pg-boss keeps its tables in their own schema, apart from Drizzle's. */
export const JOBS_SCHEMA = 'pgboss';
/** The application_name of pg-boss's connections: the doctor counts them as workers. */
export const JOBS_APPLICATION_NAME = 'townhall-jobs';
/** Held while one process installs, upgrades or creates queues: processes starting together take turns. */
export const JOBS_INSTALL_LOCK = 'townhall:jobs-install';
/** How long stop() lets running jobs finish before pg-boss fails them (they are retried). */
export const JOBS_STOP_TIMEOUT_MS = 10_000;

/** How a queue keeps, retries and hands out its jobs; declared by the feature beside its handler. */
export interface JobPolicy {
  /**
   * pg-boss's queue policy. 'standard' (the default) keeps every job; 'short' keeps at most one
   * waiting job per singleton key, so a send while one waits returns null (the batching of a
   * burst into one job); 'singleton' runs at most one job at a time (a cron job).
   */
  queue?: Extract<QueuePolicy, 'standard' | 'short' | 'singleton'>;
  /** Attempts after the first one. */
  retryLimit: number;
  /** Wait before the first retry; each later wait doubles, with up to as much again of jitter. */
  retryDelaySeconds: number;
  /** A job still active after this long is taken for dead (its process died) and retried (default 15 min). */
  expireInSeconds?: number;
  /** Jobs a worker takes at once (default 1); after a full batch it takes the next at once. */
  batchSize?: number;
  /** How often an idle worker looks for due jobs, at least 0.5 (default 2). */
  pollingIntervalSeconds?: number;
  /** A cron expression (UTC): the queue also gets a job at each of its times. */
  cron?: string;
}

/** One job, as its handler sees it. */
export interface Job<T> {
  id: string;
  data: T;
  /** Attempts before this one. */
  retryCount: number;
  /** No retry follows if this attempt fails. */
  isLastAttempt: boolean;
}

/** Runs one job; a throw fails this attempt, which is retried per the queue's policy. */
export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export interface SendJobOptions {
  /** Queue the job in this transaction: it exists only if the transaction commits. */
  tx?: Transaction;
  /** The job's id (a random one otherwise). */
  id?: string;
  /** With the 'short' policy, at most one waiting job per key. */
  singletonKey?: string;
  /** When the job is due: a time, or seconds from now (default: at once). */
  startAfter?: Date | number;
}

export interface JobsOptions {
  /** The app's database; pg-boss opens a small pool of its own on it. */
  connectionString: string;
  logger: FastifyBaseLogger;
  /** Tests of the job system itself use a schema of their own. */
  schema?: string;
}

interface Definition {
  handler: JobHandler<never>;
  policy: JobPolicy;
}

/**
 * The durable job queues of one process: jobs survive restarts, every process's workers share
 * them (`FOR UPDATE SKIP LOCKED`), a failed attempt is retried with exponential backoff, and a
 * job still active when its process died is retried once it expires. Delivery is at least once.
 */
export class Jobs {
  readonly #boss: PgBoss;
  readonly #schema: string;
  readonly #logger: FastifyBaseLogger;
  readonly #definitions = new Map<string, Definition>();
  readonly #workers = new Map<string, string>();
  #state: 'defining' | 'started' | 'ready' | 'stopped' = 'defining';

  constructor(options: JobsOptions) {
    this.#schema = options.schema ?? JOBS_SCHEMA;
    this.#logger = options.logger;
    this.#boss = new PgBoss({
      connectionString: options.connectionString,
      schema: this.#schema,
      application_name: JOBS_APPLICATION_NAME,
      max: 4,
      // the doctor and the metrics read pg_stat_activity and the job table; a registry row
      // rewritten every 30 s would be one more writer in a quiet database
      registerInstance: false,
    });
    this.#boss.on('error', (error) => logDatabaseError(this.#logger, 'error', error, 'job queue error'));
    this.#boss.on('warning', (warning) => this.#logger.warn({ warning: warning.data }, warning.message));
  }

  /**
   * Declares a queue and its handler. Every queue is defined before `ready()` (features do it
   * while they register); the queue is created, and its worker started, then.
   */
  define<T extends object>(name: string, handler: JobHandler<T>, policy: JobPolicy): void {
    if (this.#state === 'ready' || this.#state === 'stopped') {
      throw new Error(`The job queue ${name} is defined too late: the workers have started.`);
    }
    if (this.#definitions.has(name)) throw new Error(`The job queue ${name} is defined twice.`);
    this.#definitions.set(name, { handler: handler as JobHandler<never>, policy });
  }

  /**
   * Installs pg-boss's schema, or migrates it. A schema of pg-boss 10, which pg-boss 12 cannot
   * migrate, is first set aside under another name (see jobs-upgrade.ts); `ready()` moves its
   * jobs. Processes that start together on one database take turns under an advisory lock.
   */
  async start(pool: pg.Pool): Promise<void> {
    await withInstallLock(pool, async (client) => {
      const setAside = await setAsideOldSchema(client, this.#schema);
      if (setAside)
        this.#logger.info({ schema: this.#schema, oldSchema: setAside }, 'the pg-boss 10 job schema was set aside');
      await this.#boss.start();
    });
    this.#state = 'started';
  }

  /**
   * Creates every defined queue (or brings an existing one to its policy), the cron schedules,
   * moves the jobs left by pg-boss 10 if any, then starts a worker per queue.
   */
  async ready(pool: pg.Pool): Promise<void> {
    if (this.#state !== 'started') throw new Error('The job queues are not started.');
    for (const [name, { policy }] of this.#definitions) {
      const settings = queueSettings(policy);
      const existing = await this.#boss.getQueue(name);
      if (!existing) {
        await this.#boss.createQueue(name, { policy: policy.queue ?? 'standard', ...settings });
      } else if (!hasSettings(existing, settings)) {
        // a queue created by an earlier version keeps its row: today's policy applies to it
        await this.#boss.updateQueue(name, settings);
      }
      if (policy.cron) await this.#boss.schedule(name, policy.cron, {}, { tz: 'UTC' });
    }
    const moved = await moveJobsOfOldSchema({ pool, boss: this.#boss, schema: this.#schema, lock: JOBS_INSTALL_LOCK });
    if (moved) this.#logger.info(moved, 'the jobs of the pg-boss 10 schema were moved');
    for (const [name, definition] of this.#definitions) {
      this.#workers.set(name, await this.#work(name, definition));
    }
    this.#state = 'ready';
  }

  /**
   * Queues a job on a defined queue. With `tx` it is written by the transaction's own connection
   * and commits or rolls back with it. Returns its id, or null when a 'short' queue already holds
   * a waiting job of that singleton key.
   */
  async send<T extends object>(name: string, data: T, options: SendJobOptions = {}): Promise<string | null> {
    if (!this.#definitions.has(name)) throw new Error(`No job queue ${name} is defined.`);
    const { tx, id, singletonKey, startAfter } = options;
    return this.#boss.send(name, data, {
      ...(id ? { id } : {}),
      ...(singletonKey ? { singletonKey } : {}),
      ...(startAfter === undefined ? {} : { startAfter }),
      ...(tx ? { db: fromDrizzle(tx, sql) } : {}),
    });
  }

  /** Makes this process's worker of `name` look for jobs now instead of at its next poll. */
  wake(name: string): void {
    const worker = this.#workers.get(name);
    if (worker) this.#boss.notifyWorker(worker);
  }

  /**
   * Stops the workers, letting running jobs finish for up to 10 s (pg-boss then fails the rest,
   * which are retried), and closes pg-boss's pool. Safe to call more than once.
   */
  async stop(): Promise<void> {
    if (this.#state === 'stopped') return;
    this.#state = 'stopped';
    await this.#boss.stop({ graceful: true, timeout: JOBS_STOP_TIMEOUT_MS });
  }

  async #work(name: string, { handler, policy }: Definition): Promise<string> {
    const batchSize = policy.batchSize ?? 1;
    return this.#boss.work(
      name,
      {
        batchSize,
        includeMetadata: true,
        perJobResults: true,
        pollingIntervalSeconds: policy.pollingIntervalSeconds ?? 2,
        // a full batch says more are waiting: the next is fetched at once (pg-boss ignores it for batches of 1)
        burstWhenBatchFull: true,
      } as const,
      // each job settles on its own: one failing attempt leaves the others of its batch done
      async (jobs: JobWithMetadata<object>[]): Promise<JobResult[]> =>
        Promise.all(
          jobs.map(async (job): Promise<JobResult> => {
            try {
              await handler({
                id: job.id,
                data: job.data as never,
                retryCount: job.retryCount,
                isLastAttempt: job.retryCount >= job.retryLimit,
              });
              return { id: job.id, status: 'completed' };
            } catch (error) {
              return {
                id: job.id,
                status: 'failed',
                output: { message: error instanceof Error ? error.message : String(error) },
              };
            }
          }),
        ),
    );
  }
}

/** The retry and expiry settings of a policy, as pg-boss names them (queue and jobs inherit them). */
function queueSettings(policy: JobPolicy) {
  return {
    retryLimit: policy.retryLimit,
    retryDelay: policy.retryDelaySeconds,
    retryBackoff: true,
    ...(policy.expireInSeconds ? { expireInSeconds: policy.expireInSeconds } : {}),
  };
}

function hasSettings(queue: QueueResult, settings: ReturnType<typeof queueSettings>): boolean {
  return (
    queue.retryLimit === settings.retryLimit &&
    queue.retryDelay === settings.retryDelay &&
    queue.retryBackoff === settings.retryBackoff &&
    (settings.expireInSeconds === undefined || queue.expireInSeconds === settings.expireInSeconds)
  );
}

/** Runs `work` holding the install lock, on a connection of `pool` of its own. */
async function withInstallLock<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [JOBS_INSTALL_LOCK]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [JOBS_INSTALL_LOCK]);
    }
  } finally {
    client.release();
  }
}
