import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * A creator's group. The owner is its host. The counters change in the same
 * transaction as the rows they count, so they always equal them.
 */
export const groups = pgTable(
  'groups',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stored trimmed and lowercase; unique whatever the case; never a reserved word. */
    slug: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** '' or the URL of a 'group' image of the owner. */
    groupImage: text().notNull().default(''),
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A live question-and-answer group. */
    ama: boolean().notNull().default(false),
    /** Questions wait for the host's approval before others see them. */
    questionsNeedApproval: boolean().notNull().default(false),
    /** Subscribers may ask anonymously (the fair-queue and anonymity settings of live Q&A). */
    anonymousQuestions: boolean().notNull().default(false),
    /** The most open questions one person may have in the queue at once; null: no cap. */
    openQuestionCap: integer(),
    /** The queue's default order is "fresh" (a time-decayed score) rather than "top". */
    freshOrder: boolean().notNull().default(false),
    subscriberCount: integer().notNull().default(0),
    memberCount: integer().notNull().default(0),
    likeCount: integer().notNull().default(0),
    /** Moved forward by every post, question, answer and comment (touchGroupActivity); null before the first. */
    lastActivityAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('groups_slug_lower_idx').on(sql`lower(${table.slug})`),
    index('groups_owner_created_idx').on(table.ownerId, table.createdAt.desc()),
    index('groups_created_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('groups_popular_idx').on(table.subscriberCount.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // search: words (full-text), typos (pg_trgm) and, for one or two letters, prefixes
    index('groups_search_fts_idx').using(
      'gin',
      sql`to_tsvector('simple', ${table.name} || ' ' || ${table.description})`,
    ),
    index('groups_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    index('groups_name_prefix_idx').on(sql`lower(${table.name}) text_pattern_ops`),
    index('groups_slug_prefix_idx').on(sql`lower(${table.slug}) text_pattern_ops`),
    check('groups_open_question_cap_check', sql`${table.openQuestionCap} between 1 and 100`),
    check(
      'groups_counters_check',
      sql`${table.subscriberCount} >= 0 and ${table.memberCount} >= 0 and ${table.likeCount} >= 0`,
    ),
  ],
);

/** Members a host added to a group. */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    index('group_members_group_created_idx').on(
      table.groupId,
      table.createdAt.desc().nullsFirst(),
      table.userId.desc().nullsFirst(),
    ),
    index('group_members_user_idx').on(table.userId),
  ],
);

/**
 * One subscription: both records of the spec (the subscriber record under the group and the
 * user's subscribing record) are this one row, presented two ways; the person's name, username
 * and image and the group's name and image are joined at read time, so they never go stale.
 * users.subscribing and groups.subscriberCount change in the same transaction.
 */
export const groupSubscriptions = pgTable(
  'group_subscriptions',
  {
    groupId: uuid()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** subscribedAt of the subscribing record; createdAt of the subscriber record. */
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the person last opened the group; null until they do. */
    lastViewedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    index('group_subscriptions_group_created_idx').on(
      table.groupId,
      table.createdAt.desc().nullsFirst(),
      table.userId.desc().nullsFirst(),
    ),
    index('group_subscriptions_user_created_idx').on(table.userId, table.createdAt.desc(), table.groupId),
  ],
);

/** What can be liked: a group, and the posts, questions, answers and comments in it. */
export const LIKE_TARGET_TYPES = ['group', 'post', 'question', 'answer', 'comment'] as const;
export type LikeTargetType = (typeof LIKE_TARGET_TYPES)[number];

/** Likes (action like). The liked thing's counter changes in the same transaction. */
export const likes = pgTable(
  'likes',
  {
    targetType: text({ enum: LIKE_TARGET_TYPES }).notNull(),
    targetId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The group the liked thing belongs to (for the permission rule and clean-up). */
    groupId: uuid()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.targetType, table.targetId, table.userId] }),
    // newest first with the liker as tie-break, as the likers list and the avatar preview read
    // them: neither sorts (migration 0018)
    index('likes_target_recent_idx').on(
      table.targetType,
      table.targetId,
      table.createdAt.desc().nullsFirst(),
      table.userId.desc().nullsFirst(),
    ),
    index('likes_user_idx').on(table.userId),
    index('likes_group_idx').on(table.groupId),
    check('likes_target_type_check', sql`${table.targetType} in ('group', 'post', 'question', 'answer', 'comment')`),
  ],
);
