import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { CONTENT_LIVE_EVENTS, groupTopic } from '#shared/constants/live.ts';
import type { LedgerRole } from '#shared/constants/ledger.ts';
import { canMergeQuestion, canUndoMerge } from '#shared/lib/permissions.ts';
import type { QuestionMergeResponse } from '#shared/schemas/question-merges.ts';
import type { Transaction } from '../../db/client.ts';
import { groups, likes, questionMerges, questions } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireViewer, type Viewer } from '../../lib/viewer.ts';
import type { TransactionContext } from '../../plugins/live.ts';
import { recordLedgerEntries } from '../ledger/public.ts';
import type { MailService } from '../mail/public.ts';
import { notifyQuestionsMoved } from '../notifications/public.ts';
import { now } from './lock-question.ts';
import { loadQuestion } from './select-questions.ts';

type QuestionRow = typeof questions.$inferSelect;

/** Whether a question still waits in the queue: open, shown, approved and not merged. */
export const isOpenQuestion = (question: Pick<QuestionRow, 'status' | 'isHidden' | 'mergedIntoId'>) =>
  question.status === 'open' && !question.isHidden && question.mergedIntoId === null;

/**
 * The group's row, then the questions `ids` (one group's), locked in one fixed order: the group
 * FOR NO KEY UPDATE (as every question write does, lock-question.ts), then the questions FOR
 * UPDATE by id. Two merges of a group run one after the other; a vote waits for the merge that
 * holds its question (and is refused once it is merged), and a merge waits for the votes under
 * way, so the pooled counts are exact.
 */
async function lockGroupQuestions(tx: Transaction, groupId: string, ids: readonly string[]) {
  const [group] = await tx
    .select({ id: groups.id, ownerId: groups.ownerId })
    .from(groups)
    .where(eq(groups.id, groupId))
    .for('no key update');
  const rows = await tx
    .select()
    .from(questions)
    .where(inArray(questions.id, [...ids]))
    .orderBy(asc(questions.id))
    .for('update');
  return { group, byId: new Map(rows.map((row) => [row.id, row])) };
}

/** Sets a question's likeCount to its number of like rows (under the question's row lock). */
async function recountLikes(tx: Transaction, questionId: string): Promise<number> {
  const [row] = await tx
    .update(questions)
    .set({
      likeCount: sql`(select count(*)::int from ${likes} where ${likes.targetType} = 'question' and ${likes.targetId} = ${questionId})`,
    })
    .where(eq(questions.id, questionId))
    .returning({ likeCount: questions.likeCount });
  return row?.likeCount ?? 0;
}

/** The role the ledger shows: the host's merge, or the asker's of their own question. */
const roleOf = (viewerId: string, hostId: string): LedgerRole => (viewerId === hostId ? 'host' : 'author');

/**
 * Merges an open question into another question of its group that people see (open or
 * answered, not merged itself): the host any open question, its asker their own (canMergeQuestion).
 * In one transaction: the votes pool on the target, each person once (every voter of the merged
 * question who had not voted for the target, and its asker unless they wrote the target or asked
 * anonymously, get a vote there, remembered in question_merges.pooled_user_ids for the undo); the
 * merged question leaves every list, unpinned (its pin time kept for the undo), and its own page
 * says where it went; the ledger records 'merged'; its asker and voters are told (that the target
 * was answered already, when it was) and hear the target's first answer; watchers hear
 * 'question.merged'. A question others were merged into is not merged itself (no chains: merge
 * the other way); its votes and theirs stay on it.
 */
export async function mergeQuestion(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  questionId: string;
  intoQuestionId: string;
  /** The e-mail to the asker and voters; without it, only in-app notifications are made. */
  mail?: { service: MailService; publicUrl: string };
}): Promise<QuestionMergeResponse> {
  const viewer = requireViewer(options.viewer);
  const { questionId, intoQuestionId } = options;
  if (!isUuid(questionId)) throw notFound(CONTENT_MESSAGES.questionNotFound);
  if (!isUuid(intoQuestionId)) throw badRequest(CONTENT_MESSAGES.mergeIntoMissing, { intoQuestionId: 'not an id' });
  if (questionId.toLowerCase() === intoQuestionId.toLowerCase()) throw badRequest(CONTENT_MESSAGES.mergeIntoItself);
  return options.transaction(async (tx, { emit }) => {
    const found = await tx
      .select({ id: questions.id, groupId: questions.groupId })
      .from(questions)
      .where(inArray(questions.id, [questionId, intoQuestionId]));
    const merging = found.find((row) => row.id === questionId.toLowerCase());
    const target = found.find((row) => row.id === intoQuestionId.toLowerCase());
    if (!merging) throw notFound(CONTENT_MESSAGES.questionNotFound);
    const { group, byId } = await lockGroupQuestions(
      tx,
      merging.groupId,
      target && target.groupId === merging.groupId ? [merging.id, target.id] : [merging.id],
    );
    const question = byId.get(merging.id);
    if (!group || !question) throw notFound(CONTENT_MESSAGES.questionNotFound);
    // who may merge first, so nobody learns more of a question than its queue shows them
    const isHostOrAsker = viewer.id === group.ownerId || viewer.id === question.authorId;
    if (!isHostOrAsker) throw forbidden(CONTENT_MESSAGES.mergeNotAllowed);
    const isOpen = isOpenQuestion(question);
    if (!canMergeQuestion(viewer.id, { authorId: question.authorId, hostId: group.ownerId, isOpen })) {
      throw badRequest(CONTENT_MESSAGES.mergeNotOpen);
    }
    if (!target) throw badRequest(CONTENT_MESSAGES.mergeIntoMissing);
    if (target.groupId !== merging.groupId) throw badRequest(CONTENT_MESSAGES.mergeOtherGroup);
    const into = byId.get(target.id);
    if (!into) throw badRequest(CONTENT_MESSAGES.mergeIntoMissing);
    if (into.status === 'pending') throw badRequest(CONTENT_MESSAGES.mergeIntoPending);
    if (into.isHidden) throw badRequest(CONTENT_MESSAGES.mergeIntoHidden);
    if (into.mergedIntoId !== null) throw badRequest(CONTENT_MESSAGES.mergeIntoMerged);
    const [mergedIntoThis] = await tx
      .select({ id: questions.id })
      .from(questions)
      .where(eq(questions.mergedIntoId, question.id))
      .limit(1);
    if (mergedIntoThis) throw badRequest(CONTENT_MESSAGES.mergeHasMerged);

    // the asker's question counts as a vote on the target, unless they wrote it, or asked
    // anonymously (a vote appearing on the target the moment it is merged would point at them);
    // every asker, anonymous or not, hears the target's first answer through merged_into_id
    // (notifyFirstAnswer in answer-question.ts), and the voters through their pooled votes
    const askerVotes = !question.isAnonymous && question.authorId !== into.authorId;
    const pooled = await tx.execute<{ user_id: string }>(sql`
      insert into ${likes} (target_type, target_id, user_id, group_id)
      select 'question', ${into.id}, voters.user_id, ${into.groupId}::uuid
      from (
        select ${likes.userId} as user_id from ${likes}
        where ${likes.targetType} = 'question' and ${likes.targetId} = ${question.id}
        union
        select ${question.authorId} where ${askerVotes}
      ) as voters
      on conflict do nothing
      returning user_id`);
    const pooledUserIds = pooled.rows.map((row) => row.user_id);
    const likeCount = await recountLikes(tx, into.id);

    await tx
      .update(questions)
      .set({ mergedIntoId: into.id, mergedAt: now, pinnedAt: null, updatedAt: now })
      .where(eq(questions.id, question.id));
    const role = roleOf(viewer.id, group.ownerId);
    await tx.insert(questionMerges).values({
      groupId: question.groupId,
      questionId: question.id,
      intoQuestionId: into.id,
      mergedByRole: role,
      mergedById: viewer.id,
      pooledUserIds,
      mergedPinnedAt: question.pinnedAt,
    });
    await recordLedgerEntries(tx, emit, [
      { groupId: question.groupId, sessionId: question.sessionId, questionId: question.id, action: 'merged', role },
    ]);
    await notifyQuestionsMoved({
      tx,
      emit,
      mail: options.mail,
      kind: 'question_merged',
      actorId: viewer.id,
      hideActor: role === 'author' && question.isAnonymous,
      moved: [
        {
          id: question.id,
          groupId: question.groupId,
          body: question.body,
          authorId: question.authorId,
          targetQuestionId: into.id,
          targetSessionId: into.sessionId,
          destination: `“${into.body.slice(0, 80)}”`,
          targetAnswered: into.status === 'answered',
        },
      ],
    });
    emitMergeEvents(emit, {
      event: CONTENT_LIVE_EVENTS.questionMerged,
      question,
      intoQuestionId: into.id,
      likeCount,
      pinned: question.pinnedAt !== null ? null : undefined,
    });
    return {
      merged: await loadQuestion(tx, viewer, question.id),
      into: await loadQuestion(tx, viewer, into.id),
    };
  });
}

/** 'question.merged' or 'question.unmerged' on the group's topic, and 'question.pinned' when the pin moved. */
function emitMergeEvents(
  emit: TransactionContext['emit'],
  options: {
    event: string;
    question: QuestionRow;
    intoQuestionId: string;
    likeCount: number;
    /** The group's pinned question after the change, when the merge or its undo moved the pin. */
    pinned: string | null | undefined;
  },
) {
  const { question } = options;
  const ids = { groupId: question.groupId, questionId: question.id };
  emit({
    topic: groupTopic(question.groupId),
    event: options.event,
    ids,
    data: { intoQuestionId: options.intoQuestionId, likeCount: options.likeCount },
  });
  if (options.pinned === undefined) return;
  emit({
    topic: groupTopic(question.groupId),
    event: CONTENT_LIVE_EVENTS.questionPinned,
    ids: options.pinned === null ? { groupId: question.groupId } : ids,
    data: { pinned: options.pinned },
  });
}

/**
 * Undoes a question's merge: the host, or the asker who merged it (canUndoMerge). In one
 * transaction both come back as they were: the question returns to the queue, the votes the
 * merge added to the target and still there are taken back (only those: a vote cast on the
 * target since stays), both counts are their like rows again, the pin comes back when no other
 * question is pinned now, the merge is marked undone, the ledger records 'unmerged' and watchers
 * hear 'question.unmerged'.
 */
export async function undoMerge(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  questionId: string;
}): Promise<QuestionMergeResponse> {
  const viewer = requireViewer(options.viewer);
  const { questionId } = options;
  if (!isUuid(questionId)) throw notFound(CONTENT_MESSAGES.questionNotFound);
  return options.transaction(async (tx, { emit }) => {
    const [found] = await tx
      .select({ id: questions.id, groupId: questions.groupId, mergedIntoId: questions.mergedIntoId })
      .from(questions)
      .where(eq(questions.id, questionId));
    if (!found) throw notFound(CONTENT_MESSAGES.questionNotFound);
    const { group, byId } = await lockGroupQuestions(
      tx,
      found.groupId,
      found.mergedIntoId ? [found.id, found.mergedIntoId] : [found.id],
    );
    const question = byId.get(found.id);
    if (!group || !question) throw notFound(CONTENT_MESSAGES.questionNotFound);
    const [merge] = await tx
      .select()
      .from(questionMerges)
      .where(and(eq(questionMerges.questionId, question.id), isNull(questionMerges.undoneAt)))
      .orderBy(desc(questionMerges.createdAt))
      .limit(1);
    if (question.mergedIntoId === null || !merge) {
      // whoever could have merged it hears it is not merged; anyone else is refused first
      if (viewer.id !== group.ownerId && viewer.id !== question.authorId) {
        throw forbidden(CONTENT_MESSAGES.undoMergeNotAllowed);
      }
      throw conflict(CONTENT_MESSAGES.notMerged);
    }
    if (!canUndoMerge(viewer.id, { hostId: group.ownerId, mergedById: merge.mergedById })) {
      throw forbidden(CONTENT_MESSAGES.undoMergeNotAllowed);
    }
    if (question.mergedIntoId !== found.mergedIntoId || merge.intoQuestionId !== question.mergedIntoId) {
      throw conflict(CONTENT_MESSAGES.mergeChanged);
    }
    const intoId = question.mergedIntoId;

    if (merge.pooledUserIds.length > 0) {
      await tx
        .delete(likes)
        .where(
          and(eq(likes.targetType, 'question'), eq(likes.targetId, intoId), inArray(likes.userId, merge.pooledUserIds)),
        );
    }
    const likeCount = await recountLikes(tx, intoId);
    await recountLikes(tx, question.id);
    const [pinnedNow] = await tx
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.groupId, question.groupId), isNotNull(questions.pinnedAt), ne(questions.id, question.id)))
      .limit(1);
    const restoresPin = merge.mergedPinnedAt !== null && !pinnedNow;
    await tx
      .update(questions)
      .set({
        mergedIntoId: null,
        mergedAt: null,
        ...(restoresPin ? { pinnedAt: merge.mergedPinnedAt } : {}),
        updatedAt: now,
      })
      .where(eq(questions.id, question.id));
    await tx.update(questionMerges).set({ undoneAt: now }).where(eq(questionMerges.id, merge.id));
    await recordLedgerEntries(tx, emit, [
      {
        groupId: question.groupId,
        sessionId: question.sessionId,
        questionId: question.id,
        action: 'unmerged',
        role: roleOf(viewer.id, group.ownerId),
      },
    ]);
    emitMergeEvents(emit, {
      event: CONTENT_LIVE_EVENTS.questionUnmerged,
      question,
      intoQuestionId: intoId,
      likeCount,
      pinned: restoresPin ? question.id : undefined,
    });
    return {
      merged: await loadQuestion(tx, viewer, question.id),
      into: await loadQuestion(tx, viewer, intoId),
    };
  });
}
