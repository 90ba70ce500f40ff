import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { groupTopic, userTopic } from '#shared/schemas/groups.ts';
import { CONTENT_LIVE_EVENTS } from '#shared/constants/live.ts';
import { answers, comments, likes, questions } from '../../db/schema/index.ts';
import type { Transaction } from '../../db/client.ts';
import { forbidden } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import type { TransactionContext } from '../../plugins/live.ts';
import { recordLedgerEntries } from '../ledger/public.ts';
import { lockQuestion } from './lock-question.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireViewer } from '../../lib/viewer.ts';
import { canDeleteContent } from '#shared/lib/permissions.ts';

type LockedQuestion = Awaited<ReturnType<typeof lockQuestion>>;

/**
 * Removes a locked question with, in the same transaction, its answer, its comments and every
 * like of the question, the answer and those comments (likes point at their target by id,
 * without a foreign key), and tells who saw it. The author's or host's delete and an
 * administrator's removal both come here, after their own checks. A moderator's removal (the
 * host's of someone else's question, or an administrator's) goes to the public moderation ledger:
 * 'rejected' while the question waited for approval, 'removed' otherwise. Questions merged into
 * it come back to the queue.
 */
export async function removeQuestion(
  tx: Transaction,
  emit: TransactionContext['emit'],
  { group, question }: LockedQuestion,
  /** Who removes it: its author (their own delete, not moderation), the host or an administrator. */
  removedBy: 'author' | 'host' | 'admin',
): Promise<void> {
  const isQuestionComment = and(eq(comments.parentType, 'question'), eq(comments.parentId, question.id));
  await tx.delete(likes).where(
    or(
      and(eq(likes.targetType, 'question'), eq(likes.targetId, question.id)),
      and(
        eq(likes.targetType, 'answer'),
        inArray(
          likes.targetId,
          tx
            .select({ id: sql<string>`${answers.id}::text` })
            .from(answers)
            .where(eq(answers.questionId, question.id)),
        ),
      ),
      and(
        eq(likes.targetType, 'comment'),
        inArray(
          likes.targetId,
          tx
            .select({ id: sql<string>`${comments.id}::text` })
            .from(comments)
            .where(isQuestionComment),
        ),
      ),
    ),
  );
  await tx.delete(comments).where(isQuestionComment);
  await tx.delete(answers).where(eq(answers.questionId, question.id));
  // questions merged into it come back to the queue with their own votes (the pooled ones went
  // with it); their merge records go with it (cascade)
  await tx
    .update(questions)
    .set({ mergedIntoId: null, mergedAt: null, updatedAt: sql`now()` })
    .where(eq(questions.mergedIntoId, question.id));
  await tx.delete(questions).where(eq(questions.id, question.id));
  if (removedBy !== 'author') {
    await recordLedgerEntries(tx, emit, [
      {
        groupId: question.groupId,
        sessionId: question.sessionId,
        questionId: question.id,
        action: question.status === 'pending' ? 'rejected' : 'removed',
        role: removedBy,
      },
    ]);
  }
  // others never saw a pending or hidden question: only the host hears it is gone
  const isPublic = question.status !== 'pending' && !question.isHidden;
  emit({
    topic: isPublic ? groupTopic(question.groupId) : userTopic(group.ownerId),
    event: CONTENT_LIVE_EVENTS.questionDeleted,
    ids: { groupId: question.groupId, questionId: question.id },
    data: { wasPinned: question.pinnedAt !== null },
  });
}

/** Deletes a question: its author, or the group's host (moderation). */
export async function deleteQuestion(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  questionId: string;
}): Promise<void> {
  const viewer = requireViewer(options.viewer);
  await options.transaction(async (tx, { emit }) => {
    const locked = await lockQuestion(tx, options.questionId);
    if (!canDeleteContent(viewer.id, { authorId: locked.question.authorId, hostId: locked.group.ownerId })) {
      throw forbidden(CONTENT_MESSAGES.cannotDelete);
    }
    // the host deleting their own question is its author's delete, not moderation
    await removeQuestion(tx, emit, locked, viewer.id === locked.question.authorId ? 'author' : 'host');
  });
}
