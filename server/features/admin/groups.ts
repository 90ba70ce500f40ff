import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_MESSAGES, type AdminGroup } from '#shared/schemas/admin-console.ts';
import type { Queryable } from '../../db/client.ts';
import { groups, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { removeLockedGroup } from '../groups/public.ts';
import { recordAudit } from './audit.ts';
import { cursorTime, newestFirstPage, olderThan } from '../../lib/keyset.ts';
import { likePattern } from '../../lib/like-pattern.ts';
import type { Admin } from './require-admin.ts';
import { isUuid } from '../../lib/ids.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';

export const GROUPS_PAGE_SIZE = 20;

/** Groups, newest first, found by part of the name or slug. */
export async function listGroups(options: { db: Queryable; q?: string | undefined; cursor?: string | undefined }) {
  const conditions: SQL[] = [];
  if (options.q) {
    const pattern = likePattern(options.q);
    conditions.push(or(ilike(groups.name, pattern), ilike(groups.slug, pattern)) as SQL);
  }
  if (options.cursor) conditions.push(olderThan(groups.createdAt, groups.id, options.cursor, 'uuid'));
  const rows = await options.db
    .select({
      id: groups.id,
      slug: groups.slug,
      name: groups.name,
      ama: groups.ama,
      subscriberCount: groups.subscriberCount,
      memberCount: groups.memberCount,
      createdAt: groups.createdAt,
      cursorAt: cursorTime(groups.createdAt),
      ownerId: users.id,
      ownerUsername: users.username,
      ownerName: users.name,
      postCount: sql<number>`(select count(*)::int from posts as counted where counted.group_id = "groups"."id")`,
      questionCount: sql<number>`(select count(*)::int from questions as counted where counted.group_id = "groups"."id")`,
    })
    .from(groups)
    .innerJoin(users, eq(users.id, groups.ownerId))
    .where(and(...conditions))
    .orderBy(desc(groups.createdAt), desc(groups.id))
    .limit(GROUPS_PAGE_SIZE + 1);
  const { page, nextCursor } = newestFirstPage(rows, GROUPS_PAGE_SIZE);
  return {
    groups: page.map((row): AdminGroup => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      ama: row.ama,
      owner: { id: row.ownerId, username: row.ownerUsername, name: row.ownerName },
      subscriberCount: row.subscriberCount,
      memberCount: row.memberCount,
      postCount: row.postCount,
      questionCount: row.questionCount,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor,
  };
}

/**
 * Removes a group as an administrator: the host's delete (removeLockedGroup in
 * groups/delete-group.ts) without its host check, and the audit row, in one transaction that
 * first locks the group row.
 */
export async function removeGroup(options: { transaction: RunInTransaction; admin: Admin; groupId: string }) {
  const { groupId, admin } = options;
  if (!isUuid(groupId)) throw notFound(ADMIN_MESSAGES.groupNotFound);
  await options.transaction(async (tx, { emit }) => {
    const [group] = await tx
      .select({ id: groups.id, name: groups.name, slug: groups.slug, ownerId: groups.ownerId })
      .from(groups)
      .where(eq(groups.id, groupId))
      .for('update');
    if (!group) throw notFound(ADMIN_MESSAGES.groupNotFound);
    const [owner] = await tx.select({ username: users.username }).from(users).where(eq(users.id, group.ownerId));
    await recordAudit(tx, admin, {
      action: 'group.remove',
      targetType: 'group',
      targetId: groupId,
      summary: `Removed the group "${group.name}" (/group/${group.slug}) of @${owner?.username ?? 'unknown'}`,
      details: { name: group.name, slug: group.slug, ownerId: group.ownerId },
    });
    await removeLockedGroup(tx, emit, groupId);
  });
}
