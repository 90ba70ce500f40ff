import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { LEDGER_PAGE_SIZE } from '#shared/constants/ledger.ts';
import { SESSION_MESSAGES } from '#shared/constants/session-messages.ts';
import type { GroupLedgerResponse, LedgerEntry, LedgerTotals, SessionLedgerResponse } from '#shared/schemas/ledger.ts';
import type { Queryable } from '../../db/client.ts';
import { amaSessions, moderationLedger, questions } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { cursorTime, newestFirstPage, olderThan } from '../../lib/keyset.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { authorizeGroupRead } from '../groups/public.ts';

/**
 * Whether the reader may open the entry's question now: it still exists and others see it, or
 * the reader wrote it or hosts its group (who see it hidden or pending too).
 */
function questionVisibleTo(viewer: Viewer | null, ownerId: string): SQL<boolean> {
  const isPublic = sql`(${questions.status} <> 'pending' and not ${questions.isHidden})`;
  if (!viewer) return sql<boolean>`coalesce(${isPublic}, false)`;
  if (viewer.id === ownerId) return sql<boolean>`${questions.id} is not null`;
  return sql<boolean>`coalesce(${isPublic} or ${questions.authorId} = ${viewer.id}, false)`;
}

/** One page of entries matching `where`, newest first: never a question's text, its author or the moderator. */
async function ledgerPage(options: {
  db: Queryable;
  viewer: Viewer | null;
  ownerId: string;
  where: SQL;
  cursor: string | undefined;
}): Promise<GroupLedgerResponse> {
  const rows = await options.db
    .select({
      id: moderationLedger.id,
      action: moderationLedger.action,
      reason: moderationLedger.reason,
      role: moderationLedger.role,
      createdAt: moderationLedger.createdAt,
      sessionId: moderationLedger.sessionId,
      questionId: moderationLedger.questionId,
      isVisible: questionVisibleTo(options.viewer, options.ownerId),
      cursorAt: cursorTime(moderationLedger.createdAt),
    })
    .from(moderationLedger)
    .leftJoin(questions, eq(questions.id, moderationLedger.questionId))
    .where(
      and(
        options.where,
        options.cursor
          ? olderThan(moderationLedger.createdAt, moderationLedger.id, options.cursor, 'bigint')
          : undefined,
      ),
    )
    .orderBy(desc(moderationLedger.createdAt), desc(moderationLedger.id))
    .limit(LEDGER_PAGE_SIZE + 1);
  const { page, nextCursor } = newestFirstPage(rows, LEDGER_PAGE_SIZE);
  return { entries: page.map(presentLedgerEntry), nextCursor };
}

/** A ledger row as the API shows it. */
function presentLedgerEntry(row: {
  id: number;
  action: LedgerEntry['action'];
  reason: LedgerEntry['reason'];
  role: LedgerEntry['role'];
  createdAt: Date;
  sessionId: string | null;
  questionId: string;
  isVisible: boolean;
}): LedgerEntry {
  return {
    id: String(row.id),
    action: row.action,
    reason: row.reason,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    sessionId: row.sessionId,
    question: { id: row.questionId, isVisible: row.isVisible },
  };
}

/** A group's moderation ledger, newest first (its sessions' entries included); anyone may read it (readLedger). */
export async function listGroupLedger(options: {
  db: Queryable;
  viewer: Viewer | null;
  groupId: string;
  cursor?: string | undefined;
}): Promise<GroupLedgerResponse> {
  const { group } = await authorizeGroupRead({ ...options, action: 'readLedger', target: 'questionQueue' });
  return ledgerPage({
    db: options.db,
    viewer: options.viewer,
    ownerId: group.ownerId,
    where: eq(moderationLedger.groupId, group.id),
    cursor: options.cursor,
  });
}

/** A session's moderation ledger, newest first, with its totals; whoever may read its group's ledger may read it. */
export async function listSessionLedger(options: {
  db: Queryable;
  viewer: Viewer | null;
  sessionId: string;
  cursor?: string | undefined;
}): Promise<SessionLedgerResponse> {
  const { db, sessionId } = options;
  if (!isUuid(sessionId)) throw notFound(SESSION_MESSAGES.notFound);
  const [session] = await db
    .select({ groupId: amaSessions.groupId })
    .from(amaSessions)
    .where(eq(amaSessions.id, sessionId))
    .limit(1);
  if (!session) throw notFound(SESSION_MESSAGES.notFound);
  const { group } = await authorizeGroupRead({
    db,
    viewer: options.viewer,
    groupId: session.groupId,
    action: 'readLedger',
    target: 'questionQueue',
  });
  const page = await ledgerPage({
    db,
    viewer: options.viewer,
    ownerId: group.ownerId,
    where: eq(moderationLedger.sessionId, sessionId),
    cursor: options.cursor,
  });
  return { ...page, totals: await sessionTotals(db, sessionId) };
}

/**
 * A session's totals: asked counts its questions now and those the host rejected or removed (their
 * rows are gone, their entries stay), not those their author deleted; answered and hidden are the
 * questions' state now; carried over counts its entries, merged its entries less their undos.
 */
async function sessionTotals(db: Queryable, sessionId: string): Promise<LedgerTotals> {
  const ofQuestions = (filter: SQL) =>
    sql<number>`(select count(*)::int from ${questions} where ${questions.sessionId} = ${sessionId} and ${filter})`;
  const ofEntries = (actions: SQL) =>
    sql<number>`(select count(*)::int from ${moderationLedger} where ${moderationLedger.sessionId} = ${sessionId} and ${moderationLedger.action} in (${actions}))`;
  const [row] = await db
    .select({
      asked: sql<number>`${ofQuestions(sql`true`)} + ${ofEntries(sql`'rejected', 'removed'`)}`,
      answered: ofQuestions(sql`${questions.status} = 'answered'`),
      hidden: ofQuestions(sql`${questions.isHidden}`),
      merged: sql<number>`${ofEntries(sql`'merged'`)} - ${ofEntries(sql`'unmerged'`)}`,
      carriedOver: ofEntries(sql`'carried'`),
    })
    .from(amaSessions)
    .where(eq(amaSessions.id, sessionId));
  return row ?? { asked: 0, answered: 0, hidden: 0, merged: 0, carriedOver: 0 };
}
