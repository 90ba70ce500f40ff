import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Request counters per key and fixed time window, shared by every process (without Redis). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);
