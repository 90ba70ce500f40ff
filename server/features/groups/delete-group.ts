import { eq, inArray, sql } from 'drizzle-orm';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import { GROUP_LIVE_EVENTS, groupTopic } from '#shared/schemas/groups.ts';
import { groupSubscriptions, groups, users } from '../../db/schema/index.ts';
import type { Transaction } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { TransactionContext } from '../../plugins/live.ts';
import { isUuid } from '../../lib/ids.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireHost } from './host-only.ts';
import { requireViewer } from '../../lib/viewer.ts';

/**
 * Removes a group whose row the transaction has locked: every subscriber's `subscribing`
 * counter goes down (their rows locked in id order, so two deletions sharing subscribers cannot
 * deadlock), then the group goes and its members, subscriptions, content and likes with it
 * (cascade), and its watchers hear 'group.deleted'. The host's delete and an administrator's
 * removal both come here, after their own checks.
 */
export async function removeLockedGroup(
  tx: Transaction,
  emit: TransactionContext['emit'],
  groupId: string,
): Promise<void> {
  const subscribers = tx
    .select({ userId: groupSubscriptions.userId })
    .from(groupSubscriptions)
    .where(eq(groupSubscriptions.groupId, groupId));
  await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, subscribers))
    .orderBy(users.id)
    .for('no key update');
  await tx
    .update(users)
    .set({ subscribing: sql`${users.subscribing} - 1` })
    .where(inArray(users.id, subscribers));
  await tx.delete(groups).where(eq(groups.id, groupId));
  emit({ topic: groupTopic(groupId), event: GROUP_LIVE_EVENTS.groupDeleted, ids: { groupId } });
}

/**
 * Deletes a group; its host only. In one transaction: the group row is locked (no one can
 * subscribe or unsubscribe meanwhile), then removeLockedGroup.
 */
export async function deleteGroup(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  groupId: string;
}): Promise<void> {
  const { groupId } = options;
  const viewer = requireViewer(options.viewer);
  if (!isUuid(groupId)) throw notFound(GROUP_MESSAGES.notFound);
  await options.transaction(async (tx, { emit }) => {
    const [group] = await tx
      .select({ id: groups.id, ownerId: groups.ownerId })
      .from(groups)
      .where(eq(groups.id, groupId))
      .for('update');
    if (!group) throw notFound(GROUP_MESSAGES.notFound);
    requireHost(viewer, group);
    await removeLockedGroup(tx, emit, groupId);
  });
}
