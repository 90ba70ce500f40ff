import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import { SESSION_MESSAGES } from '#shared/constants/session-messages.ts';
import { CONTENT_LIVE_EVENTS, groupTopic } from '#shared/constants/live.ts';
import { canCarryQuestions } from '#shared/lib/permissions.ts';
import type { Queryable } from '../../db/client.ts';
import { amaSessions, groups, questions } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { isoTime } from '../../lib/iso-time.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireViewer, type Viewer } from '../../lib/viewer.ts';
import { recordLedgerEntries } from '../ledger/public.ts';
import type { MailService } from '../mail/public.ts';
import { notifyQuestionsMoved } from '../notifications/public.ts';
import {
  CARRY_MESSAGES,
  type AnswerLaterClearResponse,
  type CarryPreviewResponse,
  type CarryResponse,
  type CarryTarget,
} from '#shared/schemas/carry-over.ts';
import { lockSessionForHost } from './select-sessions.ts';

/** The words naming the answer-later list, in what askers and voters are told. */
export const ANSWER_LATER_DESTINATION = 'the answer-later list';

/**
 * A session's open questions: still to answer, shown to everyone (not pending, not hidden) and
 * not merged into another. Those are what carry-over moves.
 */
const openQuestionsOf = (sessionId: string): SQL =>
  and(
    eq(questions.sessionId, sessionId),
    eq(questions.status, 'open'),
    eq(questions.isHidden, false),
    isNull(questions.mergedIntoId),
  ) as SQL;

/**
 * The group's next session for the questions of `sessionId`: the earliest by start (then id) of
 * the same group that is scheduled or live, other than that one; null when there is none.
 * `lock` holds it (FOR SHARE) until the carry commits, so it is neither deleted nor changed while
 * questions move into it.
 */
async function nextSessionOf(db: Queryable, groupId: string, sessionId: string, lock: boolean) {
  const query = db
    .select({ id: amaSessions.id, title: amaSessions.title, startsAt: amaSessions.startsAt })
    .from(amaSessions)
    .where(
      and(
        eq(amaSessions.groupId, groupId),
        inArray(amaSessions.status, ['scheduled', 'live']),
        ne(amaSessions.id, sessionId),
      ),
    )
    .orderBy(asc(amaSessions.startsAt), asc(amaSessions.id))
    .limit(1)
    .$dynamic();
  const [row] = await (lock ? query.for('share') : query);
  return row ?? null;
}

const presentTarget = (row: { id: string; title: string; startsAt: Date } | null): CarryTarget =>
  row ? { id: row.id, title: row.title, startsAt: isoTime(row.startsAt) } : null;

/**
 * Carries an ended session's open questions over (its host only): to the group's next session
 * (scheduled or live, the earliest), or, when there is none, to the group's answer-later list
 * (no session, `answer_later_at` set). `top` takes the N most voted (then the oldest); without it,
 * all of them. Votes stay as they are (only the session changes); each question remembers the
 * session it came from and is unpinned. In one transaction: a 'carried' ledger entry per question,
 * the asker's and voters' notifications (in-app and e-mail) and the 'questions.carried' event.
 * Carrying again moves only what is still open there: nothing left answers `carried: 0`.
 */
export async function carryQuestions(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  sessionId: string;
  top?: number | undefined;
  /** The e-mails to askers and voters; without it, only in-app notifications are made. */
  mail?: { service: MailService; publicUrl: string };
}): Promise<CarryResponse> {
  const viewer = requireViewer(options.viewer);
  return options.transaction(async (tx, { emit }) => {
    // the session's row lock makes two carries of one session run one after the other
    const session = await lockSessionForHost(tx, viewer.id, options.sessionId);
    if (!canCarryQuestions(viewer.id, { hostId: session.ownerId })) {
      throw new AppError(403, 'forbidden', CARRY_MESSAGES.notHost);
    }
    if (session.status !== 'ended') throw conflict(CARRY_MESSAGES.notEnded);

    const next = await nextSessionOf(tx, session.groupId, session.id, true);
    const chosen = tx
      .select({
        id: questions.id,
        body: questions.body,
        authorId: questions.authorId,
        pinnedAt: questions.pinnedAt,
      })
      .from(questions)
      .where(openQuestionsOf(session.id))
      .orderBy(desc(questions.likeCount), asc(questions.createdAt), asc(questions.id))
      .$dynamic();
    const moved = await (options.top === undefined ? chosen : chosen.limit(options.top)).for('update');
    const toSession = presentTarget(next);
    if (moved.length === 0) return { carried: 0, toSession };

    const ids = moved.map((question) => question.id);
    await tx
      .update(questions)
      .set({
        sessionId: next?.id ?? null,
        carriedFromSessionId: session.id,
        answerLaterAt: next ? null : sql`now()`,
        pinnedAt: null,
        updatedAt: sql`now()`,
      })
      .where(inArray(questions.id, ids));

    await recordLedgerEntries(
      tx,
      emit,
      ids.map((questionId) => ({
        groupId: session.groupId,
        sessionId: session.id,
        questionId,
        action: 'carried' as const,
        role: 'host' as const,
      })),
    );
    await notifyQuestionsMoved({
      tx,
      emit,
      mail: options.mail,
      kind: 'question_carried',
      actorId: viewer.id,
      moved: moved.map((question) => ({
        id: question.id,
        groupId: session.groupId,
        body: question.body,
        authorId: question.authorId,
        targetQuestionId: question.id,
        targetSessionId: next?.id ?? null,
        destination: next ? `“${next.title}”` : ANSWER_LATER_DESTINATION,
      })),
    });

    const groupIds = { groupId: session.groupId };
    emit({
      topic: groupTopic(session.groupId),
      event: CONTENT_LIVE_EVENTS.questionsCarried,
      ids: { ...groupIds, sessionId: session.id },
      data: { toSessionId: next?.id ?? null, count: moved.length },
    });
    if (moved.some((question) => question.pinnedAt !== null)) {
      // the pinned question left with the others: presenter views and queues show none pinned
      emit({
        topic: groupTopic(session.groupId),
        event: CONTENT_LIVE_EVENTS.questionPinned,
        ids: groupIds,
        data: { pinned: null },
      });
    }
    return { carried: moved.length, toSession };
  });
}

/**
 * What carrying a session's questions would do now: how many are open, and the session they
 * would go to (null: the answer-later list). Anyone may read it: both are public already.
 */
export async function previewCarry(options: { db: Queryable; sessionId: string }): Promise<CarryPreviewResponse> {
  if (!isUuid(options.sessionId)) throw notFound(SESSION_MESSAGES.notFound);
  const [session] = await options.db
    .select({ id: amaSessions.id, groupId: amaSessions.groupId })
    .from(amaSessions)
    .where(eq(amaSessions.id, options.sessionId));
  if (!session) throw notFound(SESSION_MESSAGES.notFound);
  const [[open], next] = await Promise.all([
    options.db.select({ n: count() }).from(questions).where(openQuestionsOf(session.id)),
    nextSessionOf(options.db, session.groupId, session.id, false),
  ]);
  return { open: open?.n ?? 0, toSession: presentTarget(next) };
}

/**
 * Empties a group's answer-later list (its host only): the questions stay open questions of the
 * group, with no session. Lists refresh on 'questions.carried' with `data.cleared`.
 */
export async function clearAnswerLater(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  groupId: string;
}): Promise<AnswerLaterClearResponse> {
  const viewer = requireViewer(options.viewer);
  if (!isUuid(options.groupId)) throw notFound(GROUP_MESSAGES.notFound);
  return options.transaction(async (tx, { emit }) => {
    const [group] = await tx.select({ ownerId: groups.ownerId }).from(groups).where(eq(groups.id, options.groupId));
    if (!group) throw notFound(GROUP_MESSAGES.notFound);
    if (!canCarryQuestions(viewer.id, { hostId: group.ownerId })) {
      throw new AppError(403, 'forbidden', CARRY_MESSAGES.clearNotHost);
    }
    const cleared = await tx
      .update(questions)
      .set({ answerLaterAt: null, updatedAt: sql`now()` })
      .where(and(eq(questions.groupId, options.groupId), isNotNull(questions.answerLaterAt)))
      .returning({ id: questions.id });
    if (cleared.length > 0) {
      emit({
        topic: groupTopic(options.groupId),
        event: CONTENT_LIVE_EVENTS.questionsCarried,
        ids: { groupId: options.groupId },
        data: { cleared: cleared.length },
      });
    }
    return { cleared: cleared.length };
  });
}
