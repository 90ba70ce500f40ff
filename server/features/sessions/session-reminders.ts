import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { amaSessions, groups } from '../../db/schema/index.ts';
import type { JobPolicy } from '../../lib/jobs.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import type { JobsService } from '../../plugins/jobs.ts';
import { notifySessionStarting } from './notify-subscribers.ts';

/** The queue of "this session is starting" reminders: one job per session and start time. */
export const SESSION_REMINDER_QUEUE = 'sessions.reminder';
/** At most one waiting job per key: saving the same start twice queues nothing more. */
const QUEUE_POLICY = { queue: 'short', retryLimit: 5, retryDelaySeconds: 60 } as const satisfies JobPolicy;

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
  readonly #jobs: JobsService;
  readonly #queue: string;
  readonly #transaction: RunInTransaction;

  /** Defines the queue and its handler on `jobs` (while the sessions feature registers). */
  constructor(options: SessionRemindersOptions & { jobs: JobsService; transaction: RunInTransaction }) {
    this.#jobs = options.jobs;
    this.#transaction = options.transaction;
    this.#queue = options.queue ?? SESSION_REMINDER_QUEUE;
    this.#jobs.define<SessionReminderJob>(
      this.#queue,
      async ({ data }) => {
        await this.remind(data);
      },
      { ...QUEUE_POLICY, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
    );
  }

  /** Queues the reminder of a session due at its start, inside `tx`: it exists only if `tx` commits. */
  readonly schedule: ScheduleSessionReminder = async (tx, session) => {
    const startsAt = session.startsAt.toISOString();
    // null when this very reminder is already waiting
    await this.#jobs.send<SessionReminderJob>(
      this.#queue,
      { sessionId: session.id, startsAt },
      { singletonKey: `${session.id}@${startsAt}`, startAfter: session.startsAt, tx },
    );
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
