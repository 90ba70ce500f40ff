import type { Database, Transaction } from '../../db/client.ts';
import type { JobPolicy } from '../../lib/jobs.ts';
import type { JobsService } from '../../plugins/jobs.ts';
import type { MailService } from '../mail/public.ts';
import { runNewQuestionsMail } from './new-questions-mail.ts';
import { queueDigestPreview, runWeeklyDigest, WEEKLY_DIGEST_CRON } from './weekly-digest.ts';

/** Queue of "tell this host about their new questions" jobs. */
export const NEW_QUESTIONS_QUEUE = 'notifications.new-questions';
/** Queue of the weekly digest (a scheduled job every hour, for the people whose digest hour it is). */
export const WEEKLY_DIGEST_QUEUE = 'notifications.weekly-digest';

const RETRIES = { retryLimit: 5, retryDelaySeconds: 60 } as const;
/** At most one waiting job per host: a burst of questions while one waits adds nothing more. */
const NEW_QUESTIONS_POLICY = { queue: 'short', ...RETRIES } as const satisfies JobPolicy;
/** One digest run at a time, whichever process takes it. */
const WEEKLY_DIGEST_POLICY = { queue: 'singleton', ...RETRIES } as const satisfies JobPolicy;

export interface NotificationJobsOptions {
  /** Wait after a first question before the host's e-mail goes, gathering the burst (default 5 minutes). */
  newQuestionsDelaySeconds?: number;
  /** Least time between two 'newQuestions' e-mails to one host (default 1 hour). */
  newQuestionsMinIntervalSeconds?: number;
  /**
   * Cron (UTC) of the digest job; default every hour on the hour. Each run sends to the people
   * whose own digest day and hour it is, so a schedule slower than hourly skips people.
   */
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
 * The background e-mails of notifications, as jobs: the batched 'newQuestions' e-mail (a
 * delayed singleton job per host, like new followers: a burst of questions adds nothing more)
 * and the weekly digest (a cron schedule). Both only queue e-mails; the mail queue delivers them.
 */
export class NotificationJobs {
  readonly #jobs: JobsService;
  readonly #newQuestionsQueue: string;
  readonly #delaySeconds: number;
  readonly #minIntervalSeconds: number;
  readonly #db: Database;
  readonly #mail: MailService;
  readonly #publicUrl: string;

  /** Defines both queues and their handlers on `jobs` (while the notifications feature registers). */
  constructor(
    options: NotificationJobsOptions & {
      jobs: JobsService;
      db: Database;
      mail: MailService;
      publicUrl: string;
    },
  ) {
    this.#jobs = options.jobs;
    this.#db = options.db;
    this.#mail = options.mail;
    this.#publicUrl = options.publicUrl;
    const prefix = options.queuePrefix;
    this.#newQuestionsQueue = prefix ? `${prefix}.new-questions` : NEW_QUESTIONS_QUEUE;
    const digestQueue = prefix ? `${prefix}.weekly-digest` : WEEKLY_DIGEST_QUEUE;
    this.#delaySeconds = options.newQuestionsDelaySeconds ?? 5 * 60;
    this.#minIntervalSeconds = options.newQuestionsMinIntervalSeconds ?? 60 * 60;
    const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    this.#jobs.define<HostJob>(this.#newQuestionsQueue, async ({ data }) => this.#runNewQuestions(data.userId), {
      ...NEW_QUESTIONS_POLICY,
      pollingIntervalSeconds,
    });
    this.#jobs.define(
      digestQueue,
      async () => {
        await this.runWeeklyDigest(new Date());
      },
      { ...WEEKLY_DIGEST_POLICY, cron: options.weeklyDigestCron ?? WEEKLY_DIGEST_CRON, pollingIntervalSeconds },
    );
  }

  /** Called after a question committed: makes sure a job will tell the host. */
  async questionAsked(hostId: string): Promise<void> {
    await this.#scheduleNewQuestions(hostId, this.#delaySeconds);
  }

  /**
   * The digest job's handler for the hour of `at` (the schedule runs it with its own time; tests
   * call it with the hour they need). Returns how many digests were queued.
   */
  async runWeeklyDigest(at: Date): Promise<number> {
    return runWeeklyDigest({ db: this.#db, mail: this.#mail, publicUrl: this.#publicUrl, at });
  }

  /** An administrator's digest preview, to their own address, in the caller's transaction. */
  async queueDigestPreview(tx: Transaction, userId: string): Promise<string | null> {
    return queueDigestPreview({ tx, mail: this.#mail, publicUrl: this.#publicUrl, userId });
  }

  async #scheduleNewQuestions(hostId: string, afterSeconds: number): Promise<void> {
    // null: a job for this host is already waiting, and it will see this question too
    await this.#jobs.send<HostJob>(
      this.#newQuestionsQueue,
      { userId: hostId },
      { singletonKey: hostId, startAfter: Math.max(1, Math.ceil(afterSeconds)) },
    );
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
