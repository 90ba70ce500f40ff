import { eq, sql } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { groupTopic } from '#shared/schemas/groups.ts';
import { CONTENT_LIVE_EVENTS, type Question } from '#shared/schemas/posts.ts';
import { answers, questions } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { RunInTransaction } from '../groups/groups-transaction.ts';
import { requireViewer } from '../groups/host-only.ts';
import { touchGroupActivity } from '../groups/touch-group-activity.ts';
import { lockQuestion, now } from './lock-question.ts';
import { checkText } from './question-text.ts';
import { loadQuestion } from './select-questions.ts';

/**
 * Writes or edits the answer to a question — the group's host only: members may do everything
 * the interaction rule allows, but answering is the host's — and marks the question answered.
 * A hidden question must be shown again first. Moves the group's activity; watchers hear
 * 'question.answered'.
 */
export async function answerQuestion(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  questionId: string;
  body: string;
}): Promise<Question> {
  const viewer = requireViewer(options.viewer);
  return options.transaction(async (tx, { emit }) => {
    const { group, question } = await lockQuestion(tx, options.questionId);
    if (group.ownerId !== viewer.id) throw new AppError(403, 'forbidden', CONTENT_MESSAGES.onlyHostAnswers);
    if (question.isHidden) throw badRequest(CONTENT_MESSAGES.itemHidden);
    const body = checkText(options.body, 'answer');
    await tx
      .insert(answers)
      .values({ questionId: question.id, groupId: question.groupId, authorId: viewer.id, body })
      .onConflictDoUpdate({
        target: answers.questionId,
        set: { body, updatedAt: now, editedAt: now },
      });
    await tx
      .update(questions)
      .set({
        status: 'answered',
        answeredAt: sql`coalesce(${questions.answeredAt}, now())`,
        updatedAt: now,
      })
      .where(eq(questions.id, question.id));
    await touchGroupActivity(tx, question.groupId);
    emit({
      topic: groupTopic(question.groupId),
      event: CONTENT_LIVE_EVENTS.questionAnswered,
      ids: { groupId: question.groupId, questionId: question.id },
      data: { wasPending: question.status === 'pending' },
    });
    return loadQuestion(tx, viewer, question.id);
  });
}
