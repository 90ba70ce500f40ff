import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { GROUP_MESSAGES, SUBSCRIPTION_MESSAGES } from '#shared/constants/group-messages.ts';
import { GROUP_LIVE_EVENTS, userTopic } from '#shared/schemas/groups.ts';
import { groupSubscriptions, groups } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { isUuid } from '../../lib/ids.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireViewer } from '../../lib/viewer.ts';

/**
 * Marks a group viewed now for the viewer's subscription (lastViewedAt, which hasNewActivity
 * compares with the group's lastActivityAt). Without a subscription nothing is written.
 * The person's other tabs hear 'subscriptions.changed'.
 */
export async function markGroupViewed(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  groupId: string;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { groupId } = options;
  const viewer = requireViewer(options.viewer);
  if (!isUuid(groupId)) throw notFound(GROUP_MESSAGES.notFound);
  try {
    await options.transaction(async (tx, { emit }) => {
      const updated = await tx
        .update(groupSubscriptions)
        .set({ lastViewedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(groupSubscriptions.groupId, groupId), eq(groupSubscriptions.userId, viewer.id)))
        .returning({ groupId: groupSubscriptions.groupId });
      if (updated.length > 0) {
        emit({ topic: userTopic(viewer.id), event: GROUP_LIVE_EVENTS.subscriptionsChanged, ids: { groupId } });
        return;
      }
      const [group] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).limit(1);
      if (!group) throw notFound(GROUP_MESSAGES.notFound);
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    options.log.error({ err: error, groupId }, 'marking a group viewed failed');
    throw new AppError(500, 'internal', SUBSCRIPTION_MESSAGES.viewTimeFailed);
  }
}
