import { sql } from 'drizzle-orm';
import { customType, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';

/** PostgreSQL's 64-bit transaction id. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * Which transactions changed what a scope of a group's pages shows (decision 034). Written only by
 * triggers (migrations 0026–0028): one row per scope and transaction that wrote its questions,
 * answers, posts, comments, likes or host, or renamed the author of one of its answers, posts or
 * comments. `group_id` names the scope: the group's id for its question queue and the comments of
 * its questions, `page_scope(group_id, 'posts')` for its posts and their comments. A cached page is
 * served again while no row of its scope is newer than the snapshot it was read in
 * (server/lib/page-cache.ts). Rows older than ten minutes are deleted by every process once a
 * minute.
 */
export const pageChanges = pgTable(
  'page_changes',
  {
    groupId: uuid().notNull(),
    xid: xid8()
      .notNull()
      .default(sql`pg_current_xact_id()`),
    changedAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.xid] })],
);
