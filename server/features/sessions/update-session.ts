import { eq } from 'drizzle-orm';
import { singleLine } from '#shared/lib/single-line.ts';
import type { z } from 'zod';
import { SESSION_MESSAGES } from '#shared/constants/session-messages.ts';
import { groupTopic } from '#shared/schemas/groups.ts';
import {
  SESSION_LIVE_EVENTS,
  sessionTopic,
  type AmaSession,
  type SessionUpdateInputSchema,
} from '#shared/schemas/sessions.ts';
import { amaSessions } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { requireSessionHost } from './host-checks.ts';
import { loadSession, lockSessionForHost } from './select-sessions.ts';
import type { ScheduleSessionReminder } from './session-reminders.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireViewer } from '../../lib/viewer.ts';

/**
 * Edits a session's title, description, start or duration (the host, until it has ended). A
 * new start of a session not yet started queues its reminder at that time (the old job finds
 * the start moved and does nothing) and lets it remind again if it already had.
 */
export async function updateSession(options: {
  transaction: RunInTransaction;
  /** Queues the 'ama_starting' reminder at a new startsAt in the transaction. */
  scheduleReminder: ScheduleSessionReminder;
  viewer: Viewer | null;
  sessionId: string;
  input: z.output<typeof SessionUpdateInputSchema>;
}): Promise<AmaSession> {
  const viewer = requireViewer(options.viewer);
  const { input } = options;
  return options.transaction(async (tx, { emit }) => {
    const session = await lockSessionForHost(tx, viewer.id, options.sessionId);
    requireSessionHost(viewer, session);
    if (session.status === 'ended') throw conflict(SESSION_MESSAGES.endedNoEdit);
    const [current] = await tx
      .select({ startsAt: amaSessions.startsAt })
      .from(amaSessions)
      .where(eq(amaSessions.id, session.id));
    const startsAt = input.startsAt !== undefined ? new Date(input.startsAt) : undefined;
    const isRescheduled =
      session.status === 'scheduled' && startsAt !== undefined && startsAt.getTime() !== current?.startsAt.getTime();
    await tx
      .update(amaSessions)
      .set({
        ...(input.title !== undefined ? { title: singleLine(input.title) } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(startsAt !== undefined ? { startsAt } : {}),
        // a session moved after its reminder went out (the host did not show) is reminded again
        ...(isRescheduled ? { reminderSentAt: null } : {}),
        ...(input.durationMinutes !== undefined ? { durationMinutes: input.durationMinutes } : {}),
        updatedAt: new Date(),
      })
      .where(eq(amaSessions.id, session.id));
    if (isRescheduled) await options.scheduleReminder(tx, { id: session.id, startsAt });
    for (const topic of [groupTopic(session.groupId), sessionTopic(session.id)]) {
      emit({ topic, event: SESSION_LIVE_EVENTS.updated, ids: { groupId: session.groupId, sessionId: session.id } });
    }
    return loadSession(tx, session.id);
  });
}
