import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { groupTopic, userTopic } from '#shared/schemas/groups.ts';
import { CONTENT_LIVE_EVENTS } from '#shared/constants/live.ts';
import type { Question, QuestionModerationInputSchema } from '#shared/schemas/questions.ts';
import type { LiveEvent } from '#shared/schemas/live.ts';
import { questions } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { touchGroupActivity } from '../groups/public.ts';
import { recordLedgerEntries, type LedgerEntryInput } from '../ledger/public.ts';
import { lockQuestion, now } from './lock-question.ts';
import { loadQuestion } from './select-questions.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireViewer } from '../../lib/viewer.ts';

export type QuestionModerationInput = z.infer<typeof QuestionModerationInputSchema>;

/**
 * The host's moderation of one question, in one transaction: approve a pending question
 * (everyone sees it from then on), set its status, hide or show it (hiding unpins), pin it —
 * unpinning the group's other pinned question, since one is answered at a time — or unpin it.
 * Pending and hidden questions cannot be pinned. Approving, hiding (with its reason, 'other'
 * when none is given) and showing again are written to the public moderation ledger in the
 * same transaction. A merged question is not moderated until the merge is undone (409).
 */
export async function moderateQuestion(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  questionId: string;
  input: QuestionModerationInput;
}): Promise<Question> {
  const viewer = requireViewer(options.viewer);
  const { input } = options;
  if (Object.values(input).every((value) => value === undefined)) throw badRequest('Nothing to change');
  if (input.reason !== undefined && input.isHidden !== true) throw badRequest(CONTENT_MESSAGES.hideReasonAlone);
  return options.transaction(async (tx, { emit }) => {
    const { group, question } = await lockQuestion(tx, options.questionId);
    if (group.ownerId !== viewer.id) throw new AppError(403, 'forbidden', CONTENT_MESSAGES.onlyHostModerates);
    // a merged question is frozen (its votes live on the question it went into) until its undo
    if (question.mergedIntoId !== null) throw conflict(CONTENT_MESSAGES.questionIsMerged);

    let status = question.status;
    if (input.isApproved && status === 'pending') status = 'open';
    if (input.status) status = input.status;
    const isHidden = input.isHidden ?? question.isHidden;
    let isPinned = question.pinnedAt !== null;
    if (input.isPinned !== undefined) isPinned = input.isPinned;
    if (isHidden) isPinned = false;
    if (isPinned && status === 'pending') throw badRequest('Approve this question before pinning it');
    if (input.isPinned && isHidden) throw badRequest(CONTENT_MESSAGES.itemHidden);

    const wasPublic = question.status !== 'pending' && !question.isHidden;
    const isPublic = status !== 'pending' && !isHidden;
    const becomesPinned = isPinned && question.pinnedAt === null;
    const events: LiveEvent[] = [];
    const ids = { groupId: question.groupId, questionId: question.id };

    if (becomesPinned) {
      // the partial unique index allows one pinned question per group: unpin the other first
      await tx
        .update(questions)
        .set({ pinnedAt: null, updatedAt: now })
        .where(
          and(eq(questions.groupId, question.groupId), isNotNull(questions.pinnedAt), ne(questions.id, question.id)),
        );
    }
    await tx
      .update(questions)
      .set({
        status,
        isHidden,
        pinnedAt: isPinned ? (question.pinnedAt ?? now) : null,
        answeredAt: status === 'answered' ? sql`coalesce(${questions.answeredAt}, now())` : null,
        updatedAt: now,
      })
      .where(eq(questions.id, question.id));

    if (question.status === 'pending' && status !== 'pending' && !isHidden) {
      await touchGroupActivity(tx, question.groupId);
      events.push({ topic: groupTopic(question.groupId), event: CONTENT_LIVE_EVENTS.questionCreated, ids });
    } else if (wasPublic || isPublic) {
      events.push({ topic: groupTopic(question.groupId), event: CONTENT_LIVE_EVENTS.questionUpdated, ids });
    } else {
      events.push({ topic: userTopic(group.ownerId), event: CONTENT_LIVE_EVENTS.questionUpdated, ids });
    }
    if (isPinned !== (question.pinnedAt !== null)) {
      events.push({
        topic: groupTopic(question.groupId),
        event: CONTENT_LIVE_EVENTS.questionPinned,
        ids: isPinned ? ids : { groupId: question.groupId },
        data: { pinned: isPinned ? question.id : null },
      });
    }
    for (const event of events) emit(event);

    const ledger: LedgerEntryInput[] = [];
    const entry = { groupId: question.groupId, sessionId: question.sessionId, questionId: question.id } as const;
    if (question.status === 'pending' && status !== 'pending')
      ledger.push({ ...entry, action: 'approved', role: 'host' });
    if (isHidden && !question.isHidden) {
      ledger.push({ ...entry, action: 'hidden', reason: input.reason ?? 'other', role: 'host' });
    }
    if (!isHidden && question.isHidden) ledger.push({ ...entry, action: 'unhidden', role: 'host' });
    await recordLedgerEntries(tx, emit, ledger);
    return loadQuestion(tx, viewer, question.id);
  });
}
