import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Transaction } from '../../db/client.ts';
import { logDatabaseError } from '../../lib/database-errors.ts';
import { guardJobCompletion } from '../../lib/job-completion-guard.ts';

/** The queue of e-mails to deliver; each job names one mail_messages row. */
export const MAIL_QUEUE = 'mail.send';
/** pg-boss keeps its tables in their own schema, apart from Drizzle's. */
export const JOBS_SCHEMA = 'pgboss';
/** Jobs a worker takes at once; a full batch is followed at once by the next. */
const BATCH_SIZE = 10;
export const INSTALL_LOCK = 'townhall:jobs-install';
// A job still active after this is taken for dead (its process crashed) and retried.
const EXPIRE_SECONDS = 5 * 60;

export interface MailQueueOptions {
  /** The database of the app; pg-boss opens its own small pool on it. */
  connectionString: string;
  name: string;
  /** Attempts after the first one. */
  retryLimit: number;
  /** Wait before the first retry; each later wait doubles, with up to as much again of jitter. */
  retryDelaySeconds: number;
  /** How often an idle worker looks for due jobs (at least 0.5). */
  pollingIntervalSeconds: number;
  logger: FastifyBaseLogger;
}

/** One job of the worker: which message, and whether no retry follows if this attempt fails. */
export interface MailJob {
  messageId: string;
  isLastAttempt: boolean;
}

interface MailJobData {
  messageId: string;
}

/**
 * pg-boss's statement runner on a Drizzle transaction, so that a job is inserted by the
 * transaction's own connection and commits or rolls back with it.
 */
export function transactionRunner(tx: Transaction): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const query = tx._.session.prepareQuery({ sql: text, params: values ?? [] }, undefined, undefined, false);
      return (await query.execute()) as { rows: unknown[] };
    },
  };
}

/**
 * The durable e-mail queue on PostgreSQL (pg-boss): jobs survive restarts, every process's
 * worker takes its share (SKIP LOCKED), and a failed attempt is retried with exponential
 * backoff. Everything pg-boss-specific stays in this file.
 */
export class MailQueue {
  readonly #boss: PgBoss;
  readonly #options: MailQueueOptions;
  #workerId: string | undefined;

  constructor(options: MailQueueOptions) {
    this.#options = options;
    guardJobCompletion();
    this.#boss = new PgBoss({
      connectionString: options.connectionString,
      schema: JOBS_SCHEMA,
      application_name: 'townhall-jobs',
      max: 3,
      // no cron schedules yet; digests and reminders will turn this on
      schedule: false,
    });
    this.#boss.on('error', (error) => logDatabaseError(options.logger, 'error', error, 'job queue error'));
  }

  /** The retry and expiry settings, on the queue and on every job. */
  get #jobSettings() {
    return {
      retryLimit: this.#options.retryLimit,
      retryDelay: this.#options.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: EXPIRE_SECONDS,
    };
  }

  /**
   * Installs or migrates pg-boss's schema and creates the queue. Processes that start together
   * on one database take turns under an advisory lock: concurrent queue creation in pg-boss can
   * deadlock (it creates and attaches a table per queue).
   */
  async start(pool: pg.Pool): Promise<void> {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(hashtext($1))', [INSTALL_LOCK]);
      try {
        await this.#boss.start();
        await this.#boss.createQueue(this.#options.name, { name: this.#options.name, ...this.#jobSettings });
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [INSTALL_LOCK]);
      }
    } finally {
      client.release();
    }
  }

  /** Adds the job of message `messageId` inside `tx`: it exists only if `tx` commits. */
  async enqueue(messageId: string, tx: Transaction): Promise<void> {
    const data: MailJobData = { messageId };
    // the job id is the message id: one job per message, easy to find from either side
    const id = await this.#boss.send(this.#options.name, data, {
      id: messageId,
      ...this.#jobSettings,
      db: transactionRunner(tx),
    });
    if (id === null) {
      throw new Error(`The e-mail ${messageId} was not queued (does queue ${this.#options.name} exist?)`);
    }
  }

  /** Makes this process's worker look for jobs now instead of at its next poll. */
  wake(): void {
    if (this.#workerId) this.#boss.notifyWorker(this.#workerId);
  }

  /**
   * Runs `handle` for each job. A job whose handler throws is failed, so pg-boss retries it
   * after its backoff or, after the last retry, leaves it failed; the others complete.
   */
  async work(handle: (job: MailJob) => Promise<void>): Promise<void> {
    const { name } = this.#options;
    this.#workerId = await this.#boss.work<MailJobData>(
      name,
      { batchSize: BATCH_SIZE, includeMetadata: true, pollingIntervalSeconds: this.#options.pollingIntervalSeconds },
      async (jobs) => {
        await Promise.all(
          jobs.map(async (job) => {
            try {
              await handle({ messageId: job.data.messageId, isLastAttempt: job.retryCount >= job.retryLimit });
            } catch (error) {
              // pg-boss then completes the batch; this job, no longer active, stays in retry or failed
              await this.#boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
            }
          }),
        );
        if (jobs.length === BATCH_SIZE) this.wake();
      },
    );
  }

  /** Stops the worker (letting a running batch finish, up to 10 s) and closes pg-boss's pool. */
  async stop(): Promise<void> {
    await this.#boss.stop({ graceful: true, timeout: 10_000 });
  }
}
