import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** What a contact message is about (the form's choice). */
export const CONTACT_TOPICS = ['general', 'support', 'privacy', 'abuse'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/**
 * A message sent through /contact, kept for the administrators (shown at /admin). Visitors
 * may write too, so the sender's name and address are stored as given; `userId` is set when
 * the sender was signed in.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    topic: text({ enum: CONTACT_TOPICS }).notNull().default('general'),
    message: text().notNull(),
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When an administrator marked it handled; null while open. */
    handledAt: timestamp({ withTimezone: true }),
    handledBy: text().references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('contact_messages_topic_check', sql`${table.topic} in ('general', 'support', 'privacy', 'abuse')`),
    index('contact_messages_created_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

/**
 * Every administrator action, newest first at /admin: who did what to which target. The
 * administrator's e-mail is copied, so the record stays readable after their account is gone.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    adminId: text().references(() => users.id, { onDelete: 'set null' }),
    adminEmail: text().notNull(),
    /** For example 'user.disable', 'user.enable', 'group.remove', 'post.remove', 'contact.handle'. */
    action: text().notNull(),
    /** 'user', 'group', 'post', 'comment', 'question', 'answer', 'contact_message', 'mail'. */
    targetType: text().notNull(),
    targetId: text().notNull(),
    /** A line a person reads: "Disabled @ana (ana@example.com)". */
    summary: text().notNull(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('admin_audit_log_created_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);
