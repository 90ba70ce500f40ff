import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { GroupPerson } from '#shared/schemas/groups.ts';
import { users } from './accounts.ts';
import { groups } from './groups.ts';
import { amaSessions } from './sessions.ts';

/** An image of a post: the URL of one of its author's 'post' uploads, with its size for the grid. */
export interface PostImage {
  url: string;
  width: number;
  height: number;
}

/** A full-text document (PostgreSQL tsvector), read as its text form. */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** Set when the author changes the text; null if never edited. */
  editedAt: timestamp({ withTimezone: true }),
};

/**
 * A post in a group (action post). The body is plain text with a small formatting subset
 * (links, bold, italics, lists, line breaks) that the client renders without HTML; it is
 * stored exactly as typed. Counters change in the same transaction as their rows.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid().primaryKey().defaultRandom(),
    groupId: uuid()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    authorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    images: jsonb().$type<PostImage[]>().notNull().default([]),
    likeCount: integer().notNull().default(0),
    commentCount: integer().notNull().default(0),
    /**
     * The newest likers (CONTENT_LIMITS.likedByPreview of them, newest first) as the API shows
     * them: kept by triggers on likes and on people's names and images (migration 0022, decision
     * 032); never written by the app.
     */
    recentLikers: json().$type<GroupPerson[]>().notNull().default([]),
    /** The body's words, for search (computed by PostgreSQL; never written). */
    searchVector: tsvector().generatedAlwaysAs(sql`to_tsvector('simple', body)`),
    ...timestamps,
  },
  (table) => [
    index('posts_group_created_idx').on(
      table.groupId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // the feed's first try: the newest posts of the whole site, index-only, kept when their group
    // is one of the viewer's (server/features/discovery/list-feed.ts)
    index('posts_created_group_idx').on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
      table.groupId,
    ),
    index('posts_author_idx').on(table.authorId),
    // search: words (full-text); typos go through search_terms (migration 0013)
    index('posts_search_vector_idx').using('gin', table.searchVector),
    check('posts_counters_check', sql`${table.likeCount} >= 0 and ${table.commentCount} >= 0`),
  ],
);

/** What a comment hangs under. */
export const COMMENT_PARENT_TYPES = ['post', 'question'] as const;
export type CommentParentType = (typeof COMMENT_PARENT_TYPES)[number];

/**
 * A comment on a post or a question (action comment), or a reply to such a comment (action
 * reply): one level only, so a reply's replyToId names a top-level comment.
 */
export const comments = pgTable(
  'comments',
  {
    id: uuid().primaryKey().defaultRandom(),
    groupId: uuid()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    parentType: text({ enum: COMMENT_PARENT_TYPES }).notNull(),
    /** The post's or question's id (deleting it deletes its comments in the same transaction). */
    parentId: uuid().notNull(),
    replyToId: uuid().references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    authorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    likeCount: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [
    index('comments_parent_created_idx').on(table.parentType, table.parentId, table.createdAt, table.id),
    index('comments_reply_to_idx').on(table.replyToId),
    index('comments_group_created_idx').on(table.groupId, table.createdAt.desc().nullsFirst()),
    // an author's comments: their groups' pages change when they are renamed (migration 0027)
    index('comments_author_idx').on(table.authorId),
    check('comments_parent_type_check', sql`${table.parentType} in ('post', 'question')`),
    check('comments_like_count_check', sql`${table.likeCount} >= 0`),
  ],
);

/** Where a question is in the queue. 'pending' waits for the host's approval (groups that ask for it). */
export const QUESTION_STATUSES = ['pending', 'open', 'answered'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/**
 * A question in an ama group's queue (action ask, target questionQueue). Votes are likes
 * (likeCount). The host pins the one being answered now (at most one per group), hides abusive
 * ones (isHidden: only the host and the author still see them) and marks them answered.
 */
export const questions = pgTable(
  'questions',
  {
    id: uuid().primaryKey().defaultRandom(),
    groupId: uuid()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** The AMA session it was asked for, if any. */
    sessionId: uuid().references(() => amaSessions.id, { onDelete: 'set null' }),
    authorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The author's username, name and profile image as `users` holds them, copied by triggers
     * (migration 0025, decision 033): on every write of the question's author, and on every
     * change of those three in `users`. A page of the queue reads its authors from its own rows.
     */
    authorUsername: text().notNull().default(''),
    authorName: text().notNull().default(''),
    authorImage: text().notNull().default(''),
    body: text().notNull(),
    status: text({ enum: QUESTION_STATUSES }).notNull().default('open'),
    isHidden: boolean().notNull().default(false),
    /** When the host pinned it; null when not pinned. */
    pinnedAt: timestamp({ withTimezone: true }),
    answeredAt: timestamp({ withTimezone: true }),
    likeCount: integer().notNull().default(0),
    commentCount: integer().notNull().default(0),
    /**
     * Merged into another question of the group (its votes pooled there, each person once): set
     * by a merge, cleared by its undo. A merged question leaves the queue's lists and shows
     * "merged into …" on its own page. `question_merges` keeps what an undo restores.
     */
    mergedIntoId: uuid().references((): AnyPgColumn => questions.id, { onDelete: 'set null' }),
    mergedAt: timestamp({ withTimezone: true }),
    /**
     * Asked anonymously (the group allows it): every reader, the host included, sees
     * "Anonymous"; `author_id` stays for rate limits, bans and an administrator's audited look.
     */
    isAnonymous: boolean().notNull().default(false),
    /** The ended session it was carried over from (to this one, or to the answer-later list). */
    carriedFromSessionId: uuid().references(() => amaSessions.id, { onDelete: 'set null' }),
    /** Waiting in the group's "answer later" list (carried from a session with no next one). */
    answerLaterAt: timestamp({ withTimezone: true }),
    /**
     * When the group's host last changed the text of someone else's question (the question then
     * reads "edited by the host", and the public ledger has an 'edited' entry).
     */
    hostEditedAt: timestamp({ withTimezone: true }),
    /** The body's words, for search (computed by PostgreSQL; never written). */
    searchVector: tsvector().generatedAlwaysAs(sql`to_tsvector('simple', body)`),
    ...timestamps,
  },
  (table) => [
    index('questions_group_top_idx').on(table.groupId, table.likeCount.desc().nullsFirst(), table.createdAt, table.id),
    // migration 0023 adds INCLUDE (status, is_hidden): my subscriptions counts new visible
    // questions from this index alone (Drizzle cannot say INCLUDE)
    index('questions_group_created_idx').on(
      table.groupId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // the host's pending and hidden views, in each order: pending questions have no votes, so
    // the whole queue's index walked past every other question of the group to reach them, and
    // a hidden one is one in a hundred
    index('questions_group_pending_top_idx')
      .on(table.groupId, table.likeCount.desc().nullsFirst(), table.createdAt, table.id)
      .where(sql`${table.status} = 'pending'`),
    index('questions_group_pending_new_idx')
      .on(table.groupId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.status} = 'pending'`),
    index('questions_group_hidden_top_idx')
      .on(table.groupId, table.likeCount.desc().nullsFirst(), table.createdAt, table.id)
      .where(sql`${table.isHidden}`),
    index('questions_group_hidden_new_idx')
      .on(table.groupId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isHidden}`),
    // the host's dashboard counts each hosted group's unanswered and waiting questions: from
    // these alone (index-only), not from a heap page per question (migration 0019)
    index('questions_group_unanswered_idx')
      .on(table.groupId)
      .where(sql`${table.status} = 'open' and not ${table.isHidden}`),
    index('questions_group_waiting_idx')
      .on(table.groupId)
      .where(sql`${table.status} = 'pending' and not ${table.isHidden}`),
    // a person's questions: their new name copied to them, their account's deletion (cascade)
    index('questions_author_idx').on(table.authorId),
    // a session's questions (its counts on every session read; the foreign key's set null on delete)
    index('questions_session_idx')
      .on(table.sessionId)
      .where(sql`${table.sessionId} is not null`),
    // the questions merged into one (undo, the survivor's page)
    index('questions_merged_into_idx')
      .on(table.mergedIntoId)
      .where(sql`${table.mergedIntoId} is not null`),
    // a group's answer-later list
    index('questions_group_answer_later_idx')
      .on(table.groupId, table.answerLaterAt)
      .where(sql`${table.answerLaterAt} is not null`),
    uniqueIndex('questions_one_pinned_per_group_idx')
      .on(table.groupId)
      .where(sql`${table.pinnedAt} is not null`),
    // similar-question suggestions (pg_trgm, enabled by migration 0001)
    index('questions_body_trgm_idx').using('gin', sql`${table.body} gin_trgm_ops`),
    // search: words (full-text); typos go through search_terms (migration 0013)
    index('questions_search_vector_idx').using('gin', table.searchVector),
    check('questions_status_check', sql`${table.status} in ('pending', 'open', 'answered')`),
    check('questions_counters_check', sql`${table.likeCount} >= 0 and ${table.commentCount} >= 0`),
    check('questions_not_merged_into_itself_check', sql`${table.mergedIntoId} is distinct from ${table.id}`),
  ],
);

/**
 * One merge of a question into another: what its undo restores. `pooledUserIds` are the people
 * whose vote the merge added to the surviving question (they had voted for the merged one only);
 * the undo takes back those still there. `mergedPinnedAt` is the merged question's pin, if it had
 * one. A merge undone keeps its row with `undoneAt` set.
 */
export const questionMerges = pgTable(
  'question_merges',
  {
    id: uuid().primaryKey().defaultRandom(),
    groupId: uuid()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    questionId: uuid()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    intoQuestionId: uuid()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** Who merged, by role: 'host', 'admin' or 'author' (the asker merging their own question). */
    mergedByRole: text({ enum: ['host', 'admin', 'author'] }).notNull(),
    mergedById: text().references(() => users.id, { onDelete: 'set null' }),
    pooledUserIds: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    mergedPinnedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('question_merges_question_idx').on(table.questionId, table.createdAt.desc().nullsFirst()),
    index('question_merges_into_idx').on(table.intoQuestionId),
    check('question_merges_role_check', sql`${table.mergedByRole} in ('host', 'admin', 'author')`),
    check('question_merges_not_itself_check', sql`${table.questionId} <> ${table.intoQuestionId}`),
  ],
);

/** The host's answer to a question: one per question, editable, likeable. */
export const answers = pgTable(
  'answers',
  {
    id: uuid().primaryKey().defaultRandom(),
    questionId: uuid()
      .notNull()
      .unique()
      .references(() => questions.id, { onDelete: 'cascade' }),
    groupId: uuid()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    authorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    likeCount: integer().notNull().default(0),
    /**
     * Whether its question is hidden: kept by triggers of migration 0020 (set from the question
     * when the answer is written, and with the question's `is_hidden` when it changes), so the
     * feed and the subscriptions' new-answer counts choose visible answers from their index
     * alone instead of looking each one's question up.
     */
    questionHidden: boolean().notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index('answers_group_created_idx').on(table.groupId, table.createdAt.desc().nullsFirst()),
    // an author's answers: their groups' pages change when they are renamed (migration 0026), and
    // deleting an account deletes them
    index('answers_author_idx').on(table.authorId),
    index('answers_group_visible_idx')
      .on(table.groupId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`not ${table.questionHidden}`),
    // the feed's first try, as posts_created_group_idx
    index('answers_visible_created_group_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst(), table.groupId)
      .where(sql`not ${table.questionHidden}`),
    check('answers_like_count_check', sql`${table.likeCount} >= 0`),
  ],
);
