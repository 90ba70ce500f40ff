import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Database } from '../../db/client.ts';
import type { MailService } from '../mail/mail-plugin.ts';
// INSTALL_LOCK: the lock the mail queue takes, as pg-boss's queue creation must not run concurrently.
import { INSTALL_LOCK, JOBS_SCHEMA } from '../mail/mail-queue.ts';
import { runNewQuestionsMail } from './new-questions-mail.ts';
import { runWeeklyDigest, WEEKLY_DIGEST_CRON } from './weekly-digest.ts';
import { logDatabaseError } from '../../lib/database-errors.ts';
import { guardJobCompletion } from '../../lib/job-completion-guard.ts';

/** Queue of "tell this host about their new questions" jobs. */
export const NEW_QUESTIONS_QUEUE = 'notifications.new-questions';
/** Queue of the weekly digest (one scheduled job a week). */
export const WEEKLY_DIGEST_QUEUE = 'notifications.weekly-digest';

export interface NotificationJobsOptions {
  /** Wait after a first question before the host's e-mail goes, gathering the burst (default 5 minutes). */
  newQuestionsDelaySeconds?: number;
  /** Least time between two 'newQuestions' e-mails to one host (default 1 hour). */
  newQuestionsMinIntervalSeconds?: number;
  /** Cron (UTC) of the weekly digest; default Mondays 08:00. */
  weeklyDigestCron?: string;
  /** Prefix of the queue names; tests give each app its own. */
  queuePrefix?: string;
  /** How often an idle worker looks for due jobs (default 2 s). */
  pollingIntervalSeconds?: number;
}

interface HostJob {
  userId: string;
}

/**
 * The background e-mails of notifications, on pg-boss beside the mail queue: the batched
 * 'newQuestions' e-mail (a delayed singleton job per host, like new followers: a burst of
 * questions adds nothing more) and the weekly digest (a cron schedule). Both only queue
 * e-mails; the mail queue delivers them.
 */
export class NotificationJobs {
  readonly #boss: PgBoss;
  readonly #newQuestionsQueue: string;
  readonly #digestQueue: string;
  readonly #delaySeconds: number;
  readonly #minIntervalSeconds: number;
  readonly #cron: string;
  readonly #pollingIntervalSeconds: number;
  readonly #db: Database;
  readonly #mail: MailService;
  readonly #publicUrl: string;

  constructor(
    options: NotificationJobsOptions & {
      db: Database;
      mail: MailService;
      publicUrl: string;
      logger: FastifyBaseLogger;
    },
  ) {
    this.#db = options.db;
    this.#mail = options.mail;
    this.#publicUrl = options.publicUrl;
    const prefix = options.queuePrefix;
    this.#newQuestionsQueue = prefix ? `${prefix}.new-questions` : NEW_QUESTIONS_QUEUE;
    this.#digestQueue = prefix ? `${prefix}.weekly-digest` : WEEKLY_DIGEST_QUEUE;
    this.#delaySeconds = options.newQuestionsDelaySeconds ?? 5 * 60;
    this.#minIntervalSeconds = options.newQuestionsMinIntervalSeconds ?? 60 * 60;
    this.#cron = options.weeklyDigestCron ?? WEEKLY_DIGEST_CRON;
    this.#pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    const connectionString = options.db.$client.options.connectionString;
    if (!connectionString) throw new Error('The notification jobs need the connection string of the database pool.');
    guardJobCompletion();
    this.#boss = new PgBoss({
      connectionString,
      schema: JOBS_SCHEMA,
      application_name: 'townhall-jobs',
      max: 2,
      // this instance runs the cron of the weekly digest
      schedule: true,
      // the mail queue's instance maintains the whole pg-boss schema
      supervise: false,
    });
    const logger = options.logger;
    this.#boss.on('error', (error) => logDatabaseError(logger, 'error', error, 'notification jobs error'));
  }

  /** Creates the queues and the schedule (under the mail queue's lock) and starts the workers. */
  async start(pool: pg.Pool): Promise<void> {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(hashtext($1))', [INSTALL_LOCK]);
      try {
        await this.#boss.start();
        const settings = { retryLimit: 5, retryDelay: 60, retryBackoff: true };
        await this.#boss.createQueue(this.#newQuestionsQueue, {
          name: this.#newQuestionsQueue,
          policy: 'short',
          ...settings,
        });
        await this.#boss.createQueue(this.#digestQueue, { name: this.#digestQueue, policy: 'singleton', ...settings });
        await this.#boss.schedule(this.#digestQueue, this.#cron, {}, { tz: 'UTC' });
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [INSTALL_LOCK]);
      }
    } finally {
      client.release();
    }
    const work = { batchSize: 1, pollingIntervalSeconds: this.#pollingIntervalSeconds };
    await this.#boss.work<HostJob>(this.#newQuestionsQueue, work, async ([job]) => {
      if (job) await this.#runNewQuestions(job.data.userId);
    });
    await this.#boss.work(this.#digestQueue, work, async () => {
      await this.runWeeklyDigest();
    });
  }

  async stop(): Promise<void> {
    await this.#boss.stop({ graceful: true, timeout: 10_000 });
  }

  /** Called after a question committed: makes sure a job will tell the host. */
  async questionAsked(hostId: string): Promise<void> {
    await this.#scheduleNewQuestions(hostId, this.#delaySeconds);
  }

  /** The weekly digest's handler (the schedule runs it; tests call it). Returns how many were queued. */
  async runWeeklyDigest(): Promise<number> {
    return runWeeklyDigest({ db: this.#db, mail: this.#mail, publicUrl: this.#publicUrl });
  }

  async #scheduleNewQuestions(hostId: string, afterSeconds: number): Promise<void> {
    // null: a job for this host is already waiting, and it will see this question too
    await this.#boss.send(this.#newQuestionsQueue, { userId: hostId } satisfies HostJob, {
      singletonKey: hostId,
      startAfter: Math.max(1, Math.ceil(afterSeconds)),
    });
  }

  async #runNewQuestions(hostId: string): Promise<void> {
    const next = await runNewQuestionsMail({
      db: this.#db,
      mail: this.#mail,
      publicUrl: this.#publicUrl,
      hostId,
      minIntervalSeconds: this.#minIntervalSeconds,
    });
    if (next !== null) await this.#scheduleNewQuestions(hostId, next);
  }
}
