import { and, inArray, isNull } from 'drizzle-orm';
import type { NotificationKind } from '../../db/schema/index.ts';
import { notifications, users } from '../../db/schema/index.ts';
import type { Transaction } from '../../db/client.ts';
import type { TransactionContext } from '../../plugins/live.ts';
import { userTopic } from '#shared/schemas/groups.ts';

/** One in-app notification to create. */
export interface NewNotification {
  /** Who gets it. */
  userId: string;
  kind: NotificationKind;
  /** Who caused it; nobody is notified of their own doing. */
  actorId?: string | null;
  groupId?: string | null;
  /** What it links to, e.g. 'question' and its id. */
  targetType?: string | null;
  targetId?: string | null;
  /** A short text for the list (at most 140 characters are kept). */
  excerpt?: string;
}

/** Live event on `user:{id}` when a notification arrives (the bell refetches its count). */
export const NOTIFICATION_CREATED_EVENT = 'notification.created';

// Recipients looked up per query: far below PostgreSQL's limit of parameters.
const SLICE = 1000;

/** Which of `ids` are accounts in use (not disabled, not deleted). */
async function activeRecipients(tx: Transaction, ids: readonly string[]): Promise<Set<string>> {
  const active = new Set<string>();
  for (let start = 0; start < ids.length; start += SLICE) {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids.slice(start, start + SLICE)), isNull(users.disabledAt)));
    for (const row of rows) active.add(row.id);
  }
  return active;
}

/**
 * Creates in-app notifications inside the caller's transaction and tells each recipient's
 * open pages at commit. Every feature that notifies calls this one function. Disabled
 * accounts get none: they cannot sign in to read them, and an account enabled again does not
 * find a pile of news from the time it was shut.
 */
export async function createNotifications(
  tx: Transaction,
  emit: TransactionContext['emit'],
  items: readonly NewNotification[],
): Promise<void> {
  const wanted = items.filter((item) => item.userId !== item.actorId);
  if (wanted.length === 0) return;
  const active = await activeRecipients(tx, [...new Set(wanted.map((item) => item.userId))]);
  const rows = wanted
    .filter((item) => active.has(item.userId))
    .map((item) => ({
      userId: item.userId,
      kind: item.kind,
      actorId: item.actorId ?? null,
      groupId: item.groupId ?? null,
      targetType: item.targetType ?? null,
      targetId: item.targetId ?? null,
      excerpt: (item.excerpt ?? '').slice(0, 140),
    }));
  if (rows.length === 0) return;
  // Inserted in slices so a group with many subscribers stays within PostgreSQL's parameter limit.
  for (let start = 0; start < rows.length; start += 1000) {
    await tx.insert(notifications).values(rows.slice(start, start + 1000));
  }
  for (const userId of new Set(rows.map((row) => row.userId))) {
    emit({ topic: userTopic(userId), event: NOTIFICATION_CREATED_EVENT, ids: { userId } });
  }
}
