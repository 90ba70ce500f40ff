import { eq } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { groupTopic } from '#shared/schemas/groups.ts';
import { CONTENT_LIVE_EVENTS } from '#shared/constants/live.ts';
import type { Question } from '#shared/schemas/questions.ts';
import { questions } from '../../db/schema/index.ts';
import { AppError, badRequest, forbidden } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { authorizeGroupAction } from '../groups/public.ts';
import { lockQuestion, now } from './lock-question.ts';
import { checkText } from './question-text.ts';
import { loadQuestion } from './select-questions.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireViewer } from '../../lib/viewer.ts';
import { canEditContent } from '#shared/lib/permissions.ts';

/**
 * Changes a question's text: its author only, while it is not answered and not hidden, and
 * while the rule still lets them ask in the group (a person who unsubscribed cannot).
 */
export async function editQuestion(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  questionId: string;
  body: string;
}): Promise<Question> {
  requireViewer(options.viewer);
  return options.transaction(async (tx, { emit }) => {
    const { question } = await lockQuestion(tx, options.questionId);
    const { viewer } = await authorizeGroupAction({
      db: tx,
      viewer: options.viewer,
      groupId: question.groupId,
      action: 'ask',
      target: 'questionQueue',
    });
    if (!canEditContent(viewer.id, question)) throw forbidden(CONTENT_MESSAGES.notAuthor);
    if (question.status === 'answered') throw badRequest(CONTENT_MESSAGES.questionAnsweredNoEdit);
    if (question.isHidden) throw new AppError(403, 'forbidden', CONTENT_MESSAGES.itemHidden);
    const body = checkText(options.body, 'question');
    await tx.update(questions).set({ body, editedAt: now, updatedAt: now }).where(eq(questions.id, question.id));
    if (question.status === 'open') {
      emit({
        topic: groupTopic(question.groupId),
        event: CONTENT_LIVE_EVENTS.questionUpdated,
        ids: { groupId: question.groupId, questionId: question.id },
      });
    }
    return loadQuestion(tx, viewer, question.id);
  });
}
