import { eq } from 'drizzle-orm';
import { singleLine } from '#shared/lib/single-line.ts';
import { SESSION_MESSAGES } from '#shared/constants/session-messages.ts';
import { groupTopic } from '#shared/schemas/groups.ts';
import { SESSION_LIVE_EVENTS, type AmaSession, type SessionInputSchema } from '#shared/schemas/sessions.ts';
import type { z } from 'zod';
import { amaSessions, groups } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { loadGroupWithRelation } from '../groups/public.ts';
import type { MailService } from '../mail/public.ts';
import { requireSessionHost } from './host-checks.ts';
import { notifySessionScheduled } from './notify-subscribers.ts';
import { loadSession } from './select-sessions.ts';
import type { ScheduleSessionReminder } from './session-reminders.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireViewer } from '../../lib/viewer.ts';

/**
 * Schedules a session in an ama group (its host only) and tells the subscribers in the same
 * transaction: in-app 'new_ama' and, settings permitting, the 'newAMAs' e-mail. The reminder
 * job at its start is queued in the same transaction too.
 */
export async function createSession(options: {
  transaction: RunInTransaction;
  mail: MailService;
  /** Queues the 'ama_starting' reminder at startsAt in the transaction. */
  scheduleReminder: ScheduleSessionReminder;
  publicUrl: string;
  viewer: Viewer | null;
  groupId: string;
  input: z.output<typeof SessionInputSchema>;
}): Promise<AmaSession> {
  const { input } = options;
  return options.transaction(async (tx, { emit }) => {
    const { group } = await loadGroupWithRelation({ db: tx, viewer: options.viewer, groupId: options.groupId });
    const viewer = requireViewer(options.viewer);
    requireSessionHost(viewer, group);
    const [settings] = await tx
      .select({ ama: groups.ama, name: groups.name })
      .from(groups)
      .where(eq(groups.id, group.id));
    if (!settings?.ama) throw badRequest(SESSION_MESSAGES.onlyAma);

    const startsAt = new Date(input.startsAt);
    const [row] = await tx
      .insert(amaSessions)
      .values({
        groupId: group.id,
        hostId: viewer.id,
        title: singleLine(input.title),
        description: input.description,
        startsAt,
        durationMinutes: input.durationMinutes,
      })
      .returning({ id: amaSessions.id });
    if (!row) throw new Error('the new session was not returned');
    await options.scheduleReminder(tx, { id: row.id, startsAt });
    await notifySessionScheduled({
      tx,
      emit,
      mail: options.mail,
      publicUrl: options.publicUrl,
      session: {
        id: row.id,
        groupId: group.id,
        hostId: viewer.id,
        title: singleLine(input.title),
        startsAt,
        groupName: settings.name,
      },
    });
    emit({
      topic: groupTopic(group.id),
      event: SESSION_LIVE_EVENTS.created,
      ids: { groupId: group.id, sessionId: row.id },
    });
    return loadSession(tx, row.id);
  });
}
