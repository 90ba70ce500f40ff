import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LEDGER_ACTIONS, LEDGER_HIDE_REASONS, LEDGER_ROLES } from '#shared/constants/ledger.ts';
import { groups } from './groups.ts';
import { amaSessions } from './sessions.ts';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * The public moderation ledger of a group's question queue: one row per moderation of a question,
 * written in the moderation's own transaction. Append-only: a trigger (migration 0031) refuses
 * UPDATE and DELETE while the group exists, so only the group's deletion (cascade) and a
 * session's deletion (set null) change it. `questionId` has no foreign key: an entry outlives the
 * question (a rejected or removed question is deleted). No text of the question is kept here.
 */
export const moderationLedger = pgTable(
  'moderation_ledger',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    groupId: uuid()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** The question's AMA session when the entry was written, if any. */
    sessionId: uuid().references(() => amaSessions.id, { onDelete: 'set null' }),
    questionId: uuid().notNull(),
    action: text({ enum: LEDGER_ACTIONS }).notNull(),
    /** Why it was hidden: set on 'hidden' entries only. */
    reason: text({ enum: LEDGER_HIDE_REASONS }),
    /** The moderator's role, never who they are. */
    role: text({ enum: LEDGER_ROLES }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('moderation_ledger_group_created_idx').on(
      table.groupId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('moderation_ledger_session_created_idx')
      .on(table.sessionId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.sessionId} is not null`),
    check('moderation_ledger_action_check', sql`${table.action} in (${inList(LEDGER_ACTIONS)})`),
    check('moderation_ledger_role_check', sql`${table.role} in (${inList(LEDGER_ROLES)})`),
    check(
      'moderation_ledger_reason_check',
      sql`(${table.action} = 'hidden') = (${table.reason} is not null) and (${table.reason} is null or ${table.reason} in (${inList(LEDGER_HIDE_REASONS)}))`,
    ),
  ],
);
