import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Database, Transaction } from '../../db/client.ts';
import { amaSessions, groups } from '../../db/schema/index.ts';
// INSTALL_LOCK: the lock the mail queue takes, as pg-boss's queue creation must not run concurrently.
import { INSTALL_LOCK, JOBS_SCHEMA, transactionRunner } from '../mail/mail-queue.ts';
import { notifySessionStarting } from './notify-subscribers.ts';
import { logDatabaseError } from '../../lib/database-errors.ts';
import { guardJobCompletion } from '../../lib/job-completion-guard.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';

/** The queue of "this session is starting" reminders: one job per session and start time. */
export const SESSION_REMINDER_QUEUE = 'sessions.reminder';

export interface SessionRemindersOptions {
  /** Queue name; tests give each app its own. */
  queue?: string;
  /** How often an idle worker looks for due jobs (default 2 s). */
  pollingIntervalSeconds?: number;
}

/** One reminder job: the session, and the start it was queued for (a reschedule makes it stale). */
export interface SessionReminderJob {
  sessionId: string;
  /** ISO time; the job does nothing unless the session still starts then. */
  startsAt: string;
}

/** What a use case needs to queue a reminder inside its own transaction. */
export type ScheduleSessionReminder = (tx: Transaction, session: { id: string; startsAt: Date }) => Promise<void>;

/**
 * The 'ama_starting' reminder at a session's start, for a host who has not started it by then
 * (starting it sends the same reminder at once). Scheduling or rescheduling a session queues a
 * job due at startsAt in the same transaction; the job, with the session row locked, reminds
 * the subscribers once (ama_sessions.reminder_sent_at) unless the session has started, ended,
 * gone or moved to another time, whose own job does it.
 */
export class SessionReminders {
  readonly #boss: PgBoss;
  readonly #queue: string;
  readonly #pollingIntervalSeconds: number;
  readonly #transaction: RunInTransaction;

  constructor(
    options: SessionRemindersOptions & { db: Database; transaction: RunInTransaction; logger: FastifyBaseLogger },
  ) {
    this.#transaction = options.transaction;
    this.#queue = options.queue ?? SESSION_REMINDER_QUEUE;
    this.#pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    const connectionString = options.db.$client.options.connectionString;
    if (!connectionString) throw new Error('The session reminders need the connection string of the database pool.');
    guardJobCompletion();
    this.#boss = new PgBoss({
      connectionString,
      schema: JOBS_SCHEMA,
      application_name: 'townhall-jobs',
      max: 2,
      schedule: false,
      // the mail queue's instance maintains the whole pg-boss schema
      supervise: false,
    });
    const logger = options.logger;
    this.#boss.on('error', (error) => logDatabaseError(logger, 'error', error, 'session reminders error'));
  }

  /** Creates the queue (under the lock the mail queue uses) and starts the worker. */
  async start(pool: pg.Pool): Promise<void> {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(hashtext($1))', [INSTALL_LOCK]);
      try {
        await this.#boss.start();
        await this.#boss.createQueue(this.#queue, {
          name: this.#queue,
          // at most one waiting job per key: saving the same start twice queues nothing more
          policy: 'short',
          retryLimit: 5,
          retryDelay: 60,
          retryBackoff: true,
        });
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [INSTALL_LOCK]);
      }
    } finally {
      client.release();
    }
    await this.#boss.work<SessionReminderJob>(
      this.#queue,
      { batchSize: 1, pollingIntervalSeconds: this.#pollingIntervalSeconds },
      async ([job]) => {
        if (job) await this.remind(job.data);
      },
    );
  }

  async stop(): Promise<void> {
    await this.#boss.stop({ graceful: true, timeout: 10_000 });
  }

  /** Queues the reminder of a session due at its start, inside `tx`: it exists only if `tx` commits. */
  readonly schedule: ScheduleSessionReminder = async (tx, session) => {
    const startsAt = session.startsAt.toISOString();
    // null when this very reminder is already waiting
    await this.#boss.send(this.#queue, { sessionId: session.id, startsAt } satisfies SessionReminderJob, {
      singletonKey: `${session.id}@${startsAt}`,
      startAfter: session.startsAt,
      db: transactionRunner(tx),
    });
  };

  /** One job (the worker runs it; tests call it): reminds the subscribers if still due. Returns whether it did. */
  async remind(job: SessionReminderJob): Promise<boolean> {
    return this.#transaction(async (tx, { emit }) => {
      const [session] = await tx
        .select({
          id: amaSessions.id,
          groupId: amaSessions.groupId,
          hostId: amaSessions.hostId,
          title: amaSessions.title,
          startsAt: amaSessions.startsAt,
          status: amaSessions.status,
          reminderSentAt: amaSessions.reminderSentAt,
          groupName: groups.name,
        })
        .from(amaSessions)
        .innerJoin(groups, eq(groups.id, amaSessions.groupId))
        .where(eq(amaSessions.id, job.sessionId))
        .for('update', { of: amaSessions });
      // started (which reminds at once), ended, already reminded, or moved: its new job reminds then
      if (
        !session ||
        session.status !== 'scheduled' ||
        session.reminderSentAt !== null ||
        session.startsAt.getTime() !== Date.parse(job.startsAt)
      ) {
        return false;
      }
      await notifySessionStarting({ tx, emit, session });
      await tx.update(amaSessions).set({ reminderSentAt: new Date() }).where(eq(amaSessions.id, session.id));
      return true;
    });
  }
}
