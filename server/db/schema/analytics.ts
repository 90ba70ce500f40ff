import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * First-party page views: which page, when, from which site, and a visitor hash that changes
 * every day (no cookie, no IP address stored), so unique visitors per day can be counted.
 */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    path: text().notNull(),
    referrerHost: text(),
    visitorHash: text().notNull(),
    viewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('page_views_viewed_at_idx').on(table.viewedAt),
    index('page_views_path_viewed_at_idx').on(table.path, table.viewedAt),
  ],
);
