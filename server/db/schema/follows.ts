import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Who follows whom. The counters users.followers and users.following change in the same
 * transaction as these rows, so they always equal the rows.
 */
export const follows = pgTable(
  'follows',
  {
    followerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followedId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.followerId, table.followedId] }),
    index('follows_followed_created_idx').on(
      table.followedId,
      table.createdAt.desc().nullsFirst(),
      table.followerId.desc().nullsFirst(),
    ),
    index('follows_follower_created_idx').on(
      table.followerId,
      table.createdAt.desc().nullsFirst(),
      table.followedId.desc().nullsFirst(),
    ),
    check('follows_not_self_check', sql`${table.followerId} <> ${table.followedId}`),
  ],
);
