import { eq, sql } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import type { Transaction } from '../../db/client.ts';
import { groups, questions } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';

/**
 * A question and its group's owner, for a write on it. Locks the group row first (FOR NO KEY
 * UPDATE, as group writes do), then the question (FOR UPDATE): every question write takes its
 * locks in that order, so two pins in one group run one after the other and cannot deadlock.
 */
export async function lockQuestion(tx: Transaction, questionId: string) {
  if (!isUuid(questionId)) throw notFound(CONTENT_MESSAGES.questionNotFound);
  const [found] = await tx
    .select({ groupId: questions.groupId })
    .from(questions)
    .where(eq(questions.id, questionId))
    .limit(1);
  if (!found) throw notFound(CONTENT_MESSAGES.questionNotFound);
  const [group] = await tx
    .select({ id: groups.id, ownerId: groups.ownerId })
    .from(groups)
    .where(eq(groups.id, found.groupId))
    .for('no key update');
  const [question] = await tx.select().from(questions).where(eq(questions.id, questionId)).for('update');
  if (!group || !question) throw notFound(CONTENT_MESSAGES.questionNotFound);
  return { group, question };
}

/** Moves `updatedAt` to the transaction's time (for `.set()`). */
export const now = sql`now()`;
