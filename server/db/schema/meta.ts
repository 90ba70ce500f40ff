import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about the database itself, such as the data version of the spec (`data_version`). */
export const appMeta = pgTable('app_meta', {
  key: text().primaryKey(),
  value: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
