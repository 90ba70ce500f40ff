import { eq, sql } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { groupTopic, userTopic } from '#shared/schemas/groups.ts';
import { CONTENT_LIVE_EVENTS } from '#shared/constants/live.ts';
import type { Question } from '#shared/schemas/questions.ts';
import { questions } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { authorizeGroupAction } from '../groups/public.ts';
import { recordLedgerEntries } from '../ledger/public.ts';
import { lockQuestion, now } from './lock-question.ts';
import { checkText } from './question-text.ts';
import { loadQuestion } from './select-questions.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireViewer } from '../../lib/viewer.ts';
import { canEditQuestion } from '#shared/lib/permissions.ts';

/**
 * Changes a question's text (`canEditQuestion`): its asker, while it is not answered and not
 * hidden, and while the rule still lets them ask in the group (a person who unsubscribed cannot);
 * or the group's host, anyone's question that is not answered (a hidden one too: the host may take
 * personal details out before showing it again). A host's edit of someone else's question is
 * public: the question reads "edited by the host" and the moderation ledger gets an 'edited' entry,
 * in the same transaction. A merged question is frozen until its undo (409).
 */
export async function editQuestion(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  questionId: string;
  body: string;
}): Promise<Question> {
  requireViewer(options.viewer);
  return options.transaction(async (tx, { emit }) => {
    const { group, question } = await lockQuestion(tx, options.questionId);
    const { viewer } = await authorizeGroupAction({
      db: tx,
      viewer: options.viewer,
      groupId: question.groupId,
      action: 'ask',
      target: 'questionQueue',
    });
    const isHostEdit = viewer.id === group.ownerId && viewer.id !== question.authorId;
    const rule = {
      authorId: question.authorId,
      hostId: group.ownerId,
      isAnswered: question.status === 'answered',
      isMerged: question.mergedIntoId !== null,
    };
    if (!canEditQuestion(viewer.id, { ...rule, isAnswered: false, isMerged: false })) {
      throw forbidden(CONTENT_MESSAGES.notAuthorOrHost);
    }
    if (rule.isAnswered) throw badRequest(CONTENT_MESSAGES.questionAnsweredNoEdit);
    if (rule.isMerged) throw conflict(CONTENT_MESSAGES.questionIsMerged);
    if (question.isHidden && viewer.id !== group.ownerId) {
      throw new AppError(403, 'forbidden', CONTENT_MESSAGES.itemHidden);
    }
    const body = checkText(options.body, 'question');
    if (body === question.body) return loadQuestion(tx, viewer, question.id);
    await tx
      .update(questions)
      .set({
        body,
        editedAt: now,
        updatedAt: now,
        ...(isHostEdit ? { hostEditedAt: sql`now()` } : {}),
      })
      .where(eq(questions.id, question.id));
    const ids = { groupId: question.groupId, questionId: question.id };
    if (question.status !== 'pending' && !question.isHidden) {
      emit({ topic: groupTopic(question.groupId), event: CONTENT_LIVE_EVENTS.questionUpdated, ids });
    } else {
      // seen by its asker and the host alone
      for (const person of new Set([question.authorId, group.ownerId])) {
        emit({ topic: userTopic(person), event: CONTENT_LIVE_EVENTS.questionUpdated, ids });
      }
    }
    if (isHostEdit) {
      await recordLedgerEntries(tx, emit, [
        {
          groupId: question.groupId,
          sessionId: question.sessionId,
          questionId: question.id,
          action: 'edited',
          role: 'host',
        },
      ]);
    }
    return loadQuestion(tx, viewer, question.id);
  });
}
