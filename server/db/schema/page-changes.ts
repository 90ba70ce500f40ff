import { sql } from 'drizzle-orm';
import { customType, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';

/** PostgreSQL's 64-bit transaction id. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * Which transactions changed what a scope of the kept pages shows (decisions 034 and 035). Written
 * only by triggers (migrations 0026–0029): one row per scope and transaction. `group_id` names the
 * scope: a group's id for its question queue and the comments of its questions,
 * `page_scope(group_id, 'posts')` for its posts and their comments, `page_scope(group_id, 'group')`
 * for its row and its sessions, `person_scope(user_id)` for a person (their name and image,
 * subscriptions, memberships, follows, notifications and hosted groups), `sessions_scope()` for
 * every session. A cached page is served again while none of its scopes has a row its snapshot
 * does not see (server/lib/page-cache.ts, server/lib/page-change-log.ts). Rows older than ten minutes are deleted by
 * every process once a minute.
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
  (table) => [
    primaryKey({ columns: [table.groupId, table.xid] }),
    // each process's change log reads the rows of the transactions since its last round (decision 035)
    index('page_changes_xid_idx').on(table.xid),
  ],
);
