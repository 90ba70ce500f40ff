import { eq } from 'drizzle-orm';
import { groupTopic } from '#shared/schemas/groups.ts';
import { SESSION_LIVE_EVENTS, sessionTopic } from '#shared/schemas/sessions.ts';
import { amaSessions, livePresence } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { requireSessionHost } from './host-checks.ts';
import { lockSessionForHost } from './select-sessions.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireViewer } from '../../lib/viewer.ts';

/**
 * Deletes a session (its host). Its questions stay in the group's queue: the foreign key sets
 * their session to null.
 */
export async function deleteSession(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  sessionId: string;
}): Promise<void> {
  const viewer = requireViewer(options.viewer);
  await options.transaction(async (tx, { emit }) => {
    const session = await lockSessionForHost(tx, viewer.id, options.sessionId);
    requireSessionHost(viewer, session);
    await tx.delete(amaSessions).where(eq(amaSessions.id, session.id));
    await tx.delete(livePresence).where(eq(livePresence.topic, sessionTopic(session.id)));
    for (const topic of [groupTopic(session.groupId), sessionTopic(session.id)]) {
      emit({ topic, event: SESSION_LIVE_EVENTS.deleted, ids: { groupId: session.groupId, sessionId: session.id } });
    }
  });
}
