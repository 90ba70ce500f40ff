import { and, eq } from 'drizzle-orm';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import type { SubscriptionStatusResponse } from '#shared/schemas/groups.ts';
import type { Queryable } from '../../db/client.ts';
import { groupSubscriptions, groups } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { presentSubscribing } from './presenter.ts';
import { isUuid } from '../../lib/ids.ts';

/** Whether the viewer subscribes to a group, and their subscribing record; signed out: not subscribed. */
export async function getSubscription(options: {
  db: Queryable;
  viewer: Viewer | null;
  groupId: string;
}): Promise<SubscriptionStatusResponse> {
  const { db, viewer, groupId } = options;
  if (!isUuid(groupId)) throw notFound(GROUP_MESSAGES.notFound);
  const [row] = await db
    .select({
      groupId: groups.id,
      groupName: groups.name,
      groupImage: groups.groupImage,
      createdAt: groupSubscriptions.createdAt,
      lastViewedAt: groupSubscriptions.lastViewedAt,
    })
    .from(groups)
    .leftJoin(
      groupSubscriptions,
      and(eq(groupSubscriptions.groupId, groups.id), eq(groupSubscriptions.userId, viewer?.id ?? '')),
    )
    .where(eq(groups.id, groupId))
    .limit(1);
  if (!row) throw notFound(GROUP_MESSAGES.notFound);
  if (!viewer || !row.createdAt) return { isSubscribed: false, subscription: null };
  return { isSubscribed: true, subscription: presentSubscribing({ ...row, createdAt: row.createdAt }) };
}
