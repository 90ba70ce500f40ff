import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SUBSCRIPTION_MESSAGES } from '#shared/constants/group-messages.ts';
import { GROUP_LIVE_EVENTS, groupTopic, userTopic, type SubscribeResponse } from '#shared/schemas/groups.ts';
import type { Transaction } from '../../db/client.ts';
import { groupSubscriptions, groups, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { loadGroupWithRelation } from './find-group.ts';
import { presentAccess } from './presenter.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireViewer } from '../../lib/viewer.ts';
import { canSubscribe, deriveGroupRole } from '#shared/lib/permissions.ts';

/**
 * Moves the two counters of one subscription by `delta`: the group's first (its row is
 * locked already), then the person's. Every write that holds a person's row and a group's
 * takes the group's first, so none of them can deadlock.
 */
async function moveCounters(tx: Transaction, groupId: string, userId: string, delta: 1 | -1): Promise<number> {
  const [group] = await tx
    .update(groups)
    .set({ subscriberCount: sql`${groups.subscriberCount} + ${delta}` })
    .where(eq(groups.id, groupId))
    .returning({ subscriberCount: groups.subscriberCount });
  await tx
    .update(users)
    .set({ subscribing: sql`${users.subscribing} + ${delta}` })
    .where(eq(users.id, userId));
  return group?.subscriberCount ?? 0;
}

/**
 * Subscribes the viewer to a group (`isSubscribed: true`) or unsubscribes them, idempotently.
 * One transaction: the group row is locked, the role read (the host and members have full
 * access and cannot subscribe), the subscription row inserted or deleted, and only when a
 * row really changed do users.subscribing and groups.subscriberCount move, so they always
 * equal the rows. Watchers of the group hear 'subscribers.changed'; the person's other tabs
 * 'access.changed' and 'subscriptions.changed'. A failure that is not the person's is
 * answered with the spec's message ('Failed to subscribe to group').
 */
export async function setSubscription(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  groupId: string;
  isSubscribed: boolean;
  log: FastifyBaseLogger;
}): Promise<SubscribeResponse> {
  const { groupId, isSubscribed } = options;
  const viewer = requireViewer(
    options.viewer,
    isSubscribed ? SUBSCRIPTION_MESSAGES.subscribeUnauthenticated : SUBSCRIPTION_MESSAGES.unsubscribeUnauthenticated,
  );
  try {
    return await options.transaction(async (tx, { emit }) => {
      const { group, relation } = await loadGroupWithRelation({ db: tx, viewer, groupId, lock: true });
      // the rule the client's gate asks (canSubscribe); subscribing again is a no-op, not an error
      const role = deriveGroupRole({
        userId: viewer.id,
        ownerId: group.ownerId,
        isMember: relation.isMember,
        isSubscriber: relation.isSubscribed,
      });
      if (isSubscribed && !canSubscribe(role) && role !== 'subscriber') {
        throw role === 'host'
          ? new AppError(400, 'host_cannot_subscribe', SUBSCRIPTION_MESSAGES.hostCannotSubscribe)
          : new AppError(400, 'member_cannot_subscribe', SUBSCRIPTION_MESSAGES.memberCannotSubscribe);
      }
      const changed = isSubscribed
        ? await tx
            .insert(groupSubscriptions)
            .values({ groupId: group.id, userId: viewer.id })
            .onConflictDoNothing()
            .returning({ userId: groupSubscriptions.userId })
        : await tx
            .delete(groupSubscriptions)
            .where(and(eq(groupSubscriptions.groupId, group.id), eq(groupSubscriptions.userId, viewer.id)))
            .returning({ userId: groupSubscriptions.userId });
      const isChanged = changed.length > 0;
      const subscriberCount = isChanged
        ? await moveCounters(tx, group.id, viewer.id, isSubscribed ? 1 : -1)
        : group.subscriberCount;
      if (isChanged) {
        emit({
          topic: groupTopic(group.id),
          event: GROUP_LIVE_EVENTS.subscribersChanged,
          ids: { groupId: group.id },
          data: { subscriberCount },
        });
        emit({ topic: userTopic(viewer.id), event: GROUP_LIVE_EVENTS.accessChanged, ids: { groupId: group.id } });
        emit({
          topic: userTopic(viewer.id),
          event: GROUP_LIVE_EVENTS.subscriptionsChanged,
          ids: { groupId: group.id },
        });
      }
      return {
        isSubscribed,
        changed: isChanged,
        subscriberCount,
        access: presentAccess({
          groupId: group.id,
          ownerId: group.ownerId,
          viewer,
          relation: { ...relation, isSubscribed },
        }),
      };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    options.log.error({ err: error, groupId }, isSubscribed ? 'subscribe failed' : 'unsubscribe failed');
    throw new AppError(
      500,
      'internal',
      isSubscribed ? SUBSCRIPTION_MESSAGES.subscribeFailed : SUBSCRIPTION_MESSAGES.unsubscribeFailed,
    );
  }
}
