import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { groups } from './groups.ts';

export const AMA_SESSION_STATUSES = ['scheduled', 'live', 'ended'] as const;
export type AmaSessionStatus = (typeof AMA_SESSION_STATUSES)[number];

/**
 * A scheduled live AMA session ("event") of an ama group: the host starts and ends it;
 * questions can be asked before it starts (questions.session_id).
 */
export const amaSessions = pgTable(
  'ama_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    groupId: uuid()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    hostId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    durationMinutes: integer().notNull(),
    status: text({ enum: AMA_SESSION_STATUSES }).notNull().default('scheduled'),
    startedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    /** When the "starting now" reminder went out (once). */
    reminderSentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The iCalendar SEQUENCE of the session's event: a trigger (migration 0033) adds one, and
     * sets `calendar_changed_at` (its LAST-MODIFIED), whenever the title, description, start or
     * length changes, so calendar apps replace the event they hold.
     */
    calendarSequence: integer().notNull().default(0),
    calendarChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ama_sessions_starts_idx').on(table.startsAt, table.id),
    index('ama_sessions_group_starts_idx').on(table.groupId, table.startsAt.desc().nullsFirst()),
    // the upcoming and live lists: one status, in start order, paged by (starts_at, id)
    index('ama_sessions_status_idx').on(table.status, table.startsAt, table.id),
    check('ama_sessions_status_check', sql`${table.status} in ('scheduled', 'live', 'ended')`),
    check('ama_sessions_duration_check', sql`${table.durationMinutes} between 5 and 1440`),
  ],
);

/**
 * Who is watching a live topic (a session page), across processes: each process upserts its
 * sockets' rows on a heartbeat and deletes them on close; a row older than the presence window
 * is gone. Signed-out viewers count but have no user.
 */
export const livePresence = pgTable(
  'live_presence',
  {
    topic: text().notNull(),
    connectionId: text().notNull(),
    userId: text().references(() => users.id, { onDelete: 'cascade' }),
    /** 'online' while the page is visible, 'away' when hidden. */
    status: text({ enum: ['online', 'away'] })
      .notNull()
      .default('online'),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.topic, table.connectionId] }),
    index('live_presence_topic_seen_idx').on(table.topic, table.lastSeenAt),
    check('live_presence_status_check', sql`${table.status} in ('online', 'away')`),
  ],
);

/**
 * How many people watched a live session, sampled from `live_presence` about once a minute while
 * it is live (host analytics: viewers over time and the peak).
 */
export const sessionViewerSamples = pgTable(
  'session_viewer_samples',
  {
    sessionId: uuid()
      .notNull()
      .references(() => amaSessions.id, { onDelete: 'cascade' }),
    sampledAt: timestamp({ withTimezone: true }).notNull(),
    viewers: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.sampledAt] }),
    check('session_viewer_samples_viewers_check', sql`${table.viewers} >= 0`),
  ],
);

export const NOTIFICATION_KINDS = [
  'new_answer',
  'new_question',
  'new_follower',
  'new_ama',
  'ama_starting',
  'reply',
  'question_merged',
  'question_carried',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** An in-app notification for one person (the bell). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: NOTIFICATION_KINDS }).notNull(),
    actorId: text().references(() => users.id, { onDelete: 'set null' }),
    groupId: uuid().references(() => groups.id, { onDelete: 'cascade' }),
    /** What it is about, e.g. 'question' and its id, for the link. */
    targetType: text(),
    targetId: text(),
    /** A short text shown in the list (a question's first words, a session's title). */
    excerpt: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('notifications_user_created_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    // a question, post or session is named by its uuid, so the bell's reads may cast it (decision 031)
    check(
      'notifications_target_uuid_check',
      sql`${table.targetType} not in ('question', 'post', 'session') or ${table.targetId} ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`,
    ),
  ],
);

/**
 * A deleted session, kept so calendar feeds can cancel its event (STATUS:CANCELLED with a
 * higher SEQUENCE): written by a trigger of migration 0033 when a session row is deleted. No
 * foreign key to its group, which may be the delete that removed it; feeds read only tombstones
 * of groups that still exist.
 */
export const cancelledSessions = pgTable(
  'cancelled_sessions',
  {
    id: uuid().primaryKey(),
    groupId: uuid().notNull(),
    title: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    durationMinutes: integer().notNull(),
    calendarSequence: integer().notNull(),
    cancelledAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cancelled_sessions_group_idx').on(table.groupId, table.cancelledAt)],
);

/**
 * A person's private calendar feed (`/calendar/{token}.ics`: the sessions of every group they
 * subscribe to). One per person; revoking deletes it, a new one has a new token.
 */
export const calendarFeedTokens = pgTable('calendar_feed_tokens', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 32 random bytes, base64url: the secret of the URL. */
  token: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
