import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Where an e-mail is: waiting in the queue, handed to SMTP, kept here (no SMTP), given up on,
 * or cancelled before delivery (its account was disabled, or what it is about is no longer
 * the recipient's to see; last_error says which).
 */
export const MAIL_STATUSES = ['queued', 'sent', 'stored', 'failed', 'cancelled'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Every e-mail Townhall sends, as it was sent: the outbox the queue delivers from, and the
 * mailbox administrators read at /admin/mail when no SMTP server is configured.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text().notNull(),
    /** Extra headers such as List-Unsubscribe, name → value. */
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** What the e-mail is for: 'welcome', 'password_reset', 'notification', … */
    kind: text().notNull(),
    /** The account it was sent to, when there is one. */
    userId: text(),
    /** What a notification e-mail is about ('question', 'session'), checked again at delivery. */
    aboutType: text(),
    aboutId: text(),
    status: text({ enum: MAIL_STATUSES }).notNull().default('queued'),
    /** Delivery attempts made so far. */
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('mail_messages_created_at_idx').on(table.createdAt.desc()),
    check('mail_messages_status_check', sql`${table.status} in ('queued', 'sent', 'stored', 'failed', 'cancelled')`),
  ],
);
