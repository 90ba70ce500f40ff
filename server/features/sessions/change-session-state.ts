import { eq } from 'drizzle-orm';
import { SESSION_MESSAGES } from '#shared/constants/session-messages.ts';
import { groupTopic } from '#shared/schemas/groups.ts';
import { SESSION_LIVE_EVENTS, sessionTopic, type AmaSession } from '#shared/schemas/sessions.ts';
import { amaSessions, groups } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { requireSessionHost } from './host-checks.ts';
import { notifySessionStarting } from './notify-subscribers.ts';
import { loadSession, lockSessionForHost } from './select-sessions.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireViewer } from '../../lib/viewer.ts';

/**
 * Moves a session scheduled → live (start) or live → ended (end), the host only, stamping
 * startedAt or endedAt. Anything else is 409 with the reason. Starting reminds the subscribers
 * ('ama_starting').
 */
export async function changeSessionState(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  sessionId: string;
  to: 'live' | 'ended';
}): Promise<AmaSession> {
  const viewer = requireViewer(options.viewer);
  return options.transaction(async (tx, { emit }) => {
    const session = await lockSessionForHost(tx, viewer.id, options.sessionId);
    requireSessionHost(viewer, session);
    const now = new Date();
    if (options.to === 'live') {
      if (session.status === 'live') throw conflict(SESSION_MESSAGES.alreadyStarted);
      if (session.status === 'ended') throw conflict(SESSION_MESSAGES.alreadyEnded);
      await tx
        .update(amaSessions)
        .set({ status: 'live', startedAt: now, reminderSentAt: now, updatedAt: now })
        .where(eq(amaSessions.id, session.id));
      const [group] = await tx.select({ name: groups.name }).from(groups).where(eq(groups.id, session.groupId));
      const [row] = await tx
        .select({ startsAt: amaSessions.startsAt })
        .from(amaSessions)
        .where(eq(amaSessions.id, session.id));
      await notifySessionStarting({
        tx,
        emit,
        session: {
          id: session.id,
          groupId: session.groupId,
          hostId: viewer.id,
          title: session.title,
          startsAt: row?.startsAt ?? now,
          groupName: group?.name ?? '',
        },
      });
    } else {
      if (session.status === 'scheduled') throw conflict(SESSION_MESSAGES.notStarted);
      if (session.status === 'ended') throw conflict(SESSION_MESSAGES.alreadyEnded);
      await tx
        .update(amaSessions)
        .set({ status: 'ended', endedAt: now, updatedAt: now })
        .where(eq(amaSessions.id, session.id));
    }
    const event = options.to === 'live' ? SESSION_LIVE_EVENTS.started : SESSION_LIVE_EVENTS.ended;
    for (const topic of [groupTopic(session.groupId), sessionTopic(session.id)]) {
      emit({ topic, event, ids: { groupId: session.groupId, sessionId: session.id } });
    }
    return loadSession(tx, session.id);
  });
}
