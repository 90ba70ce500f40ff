import { and, eq, sql } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { groupTopic } from '#shared/schemas/groups.ts';
import { CONTENT_LIVE_EVENTS } from '#shared/constants/live.ts';
import type { Question } from '#shared/schemas/questions.ts';
import type { Transaction } from '../../db/client.ts';
import { answers, groups, likes, questions, users } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { TransactionContext } from '../../plugins/live.ts';
import { touchGroupActivity } from '../groups/public.ts';
import type { MailService } from '../mail/public.ts';
import { createNotifications, queueNewAnswerMails } from '../notifications/public.ts';
import { lockQuestion, now } from './lock-question.ts';
import { checkText } from './question-text.ts';
import { loadQuestion } from './select-questions.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireViewer } from '../../lib/viewer.ts';

/**
 * Writes or edits the answer to a question — the group's host only: members may do everything
 * the interaction rule allows, but answering is the host's — and marks the question answered.
 * A hidden question must be shown again first. Moves the group's activity; watchers hear
 * 'question.answered'. The first answer (not an edit) notifies the asker, those who upvoted the
 * question and the askers of the questions merged into it, in the bell and by e-mail
 * ('newAnswers'), in the same transaction.
 */
export async function answerQuestion(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  questionId: string;
  body: string;
  /** The 'newAnswers' e-mails; without it, only in-app notifications are made. */
  mail?: { service: MailService; publicUrl: string };
}): Promise<Question> {
  const viewer = requireViewer(options.viewer);
  return options.transaction(async (tx, { emit }) => {
    const { group, question } = await lockQuestion(tx, options.questionId);
    if (group.ownerId !== viewer.id) throw new AppError(403, 'forbidden', CONTENT_MESSAGES.onlyHostAnswers);
    if (question.isHidden) throw badRequest(CONTENT_MESSAGES.itemHidden);
    // the question it was merged into is the one answered
    if (question.mergedIntoId !== null) throw conflict(CONTENT_MESSAGES.questionIsMerged);
    const body = checkText(options.body, 'answer');
    const [earlier] = await tx
      .select({ id: answers.id })
      .from(answers)
      .where(eq(answers.questionId, question.id))
      .limit(1);
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
    if (!earlier) await notifyFirstAnswer({ tx, emit, mail: options.mail, viewerId: viewer.id, question, body });
    return loadQuestion(tx, viewer, question.id);
  });
}

/**
 * The asker, the question's upvoters and the askers of the questions merged into it hear of its
 * first answer (never the answerer), each once. A merged question's voters follow through the
 * votes the merge pooled here; its asker is named by merged_into_id instead, because an anonymous
 * asker gets no pooled vote (it would point at them) and an undo clears merged_into_id, so the
 * undone merge's asker no longer follows. The notification names only the answerer.
 */
async function notifyFirstAnswer(options: {
  tx: Transaction;
  emit: TransactionContext['emit'];
  mail: { service: MailService; publicUrl: string } | undefined;
  viewerId: string;
  question: { id: string; groupId: string; authorId: string; body: string; sessionId: string | null };
  body: string;
}): Promise<void> {
  const { tx, question } = options;
  const voters = await tx
    .select({ userId: likes.userId })
    .from(likes)
    .where(and(eq(likes.targetType, 'question'), eq(likes.targetId, question.id)));
  const mergedAskers = await tx
    .select({ userId: questions.authorId })
    .from(questions)
    .where(eq(questions.mergedIntoId, question.id));
  const mergedAskerIds = mergedAskers.map((row) => row.userId);
  const recipientIds = [...new Set([question.authorId, ...voters.map((row) => row.userId), ...mergedAskerIds])];
  await createNotifications(
    tx,
    options.emit,
    recipientIds.map((userId) => ({
      userId,
      kind: 'new_answer' as const,
      actorId: options.viewerId,
      groupId: question.groupId,
      targetType: 'question',
      targetId: question.id,
      excerpt: question.body,
    })),
  );
  if (!options.mail) return;
  const [context] = await tx
    .select({
      groupName: groups.name,
      groupSlug: groups.slug,
      answererName: users.name,
      answererUsername: users.username,
    })
    .from(groups)
    .innerJoin(users, eq(users.id, options.viewerId))
    .where(eq(groups.id, question.groupId));
  if (!context) return;
  await queueNewAnswerMails({
    tx,
    mail: options.mail.service,
    publicUrl: options.mail.publicUrl,
    recipientIds,
    mergedAskerIds,
    answererId: options.viewerId,
    answererName: context.answererName.trim() || `@${context.answererUsername}`,
    groupName: context.groupName,
    question,
    answerBody: options.body,
    groupSlug: context.groupSlug,
  });
}
