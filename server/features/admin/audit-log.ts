import { desc, eq } from 'drizzle-orm';
import type { AdminAuditEntry } from '#shared/schemas/admin-console.ts';
import type { Queryable } from '../../db/client.ts';
import { adminAuditLog, users } from '../../db/schema/index.ts';
import { cursorTime, newestFirstPage, olderThan } from '../../lib/keyset.ts';

export const AUDIT_PAGE_SIZE = 50;

/** The audit log, newest first, 50 a page. */
export async function listAuditLog(options: { db: Queryable; cursor?: string | undefined }) {
  const rows = await options.db
    .select({
      entry: adminAuditLog,
      id: adminAuditLog.id,
      cursorAt: cursorTime(adminAuditLog.createdAt),
      username: users.username,
    })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.adminId))
    .where(options.cursor ? olderThan(adminAuditLog.createdAt, adminAuditLog.id, options.cursor, 'bigint') : undefined)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const { page, nextCursor } = newestFirstPage(rows, AUDIT_PAGE_SIZE);
  return {
    entries: page.map(({ entry, username }): AdminAuditEntry => ({
      id: String(entry.id),
      admin: { id: entry.adminId, email: entry.adminEmail, username },
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      summary: entry.summary,
      createdAt: entry.createdAt.toISOString(),
    })),
    nextCursor,
  };
}
