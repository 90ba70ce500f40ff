import { and, eq, inArray, isNull } from 'drizzle-orm';
import { userTopic } from '#shared/schemas/groups.ts';
import { NOTIFICATION_LIVE_EVENTS } from '#shared/schemas/notifications.ts';
import { notifications } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';

/**
 * Marks the viewer's notifications read: those of `ids` (others' ids are ignored), or all of
 * them when `ids` is absent. Returns how many changed; the viewer's other tabs hear of it.
 */
export async function markNotificationsRead(options: {
  transaction: RunInTransaction;
  viewer: Viewer;
  ids?: string[] | undefined;
}): Promise<number> {
  const { viewer, ids } = options;
  if (ids && ids.length === 0) return 0;
  return options.transaction(async (tx, { emit }) => {
    const changed = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(notifications.userId, viewer.id),
          isNull(notifications.readAt),
          ids ? inArray(notifications.id, ids) : undefined,
        ),
      )
      .returning({ id: notifications.id });
    if (changed.length > 0) {
      emit({ topic: userTopic(viewer.id), event: NOTIFICATION_LIVE_EVENTS.read, ids: { userId: viewer.id } });
    }
    return changed.length;
  });
}
