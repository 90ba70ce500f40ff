import { and, eq, isNull, sql } from 'drizzle-orm';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import type { z } from 'zod';
import type { SimilarQuestionsResponseSchema } from '#shared/schemas/questions.ts';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { canMergeQuestion } from '#shared/lib/permissions.ts';
import type { DuplicateQuestionsResponse } from '#shared/schemas/question-merges.ts';
import type { Database } from '../../db/client.ts';
import { groups, questions } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import { requireViewer, type Viewer } from '../../lib/viewer.ts';
import { findGroupOwner } from '../groups/public.ts';
import { viewerLikes } from '../../lib/viewer-likes.ts';
import { isUuid } from '../../lib/ids.ts';
import { isOpenQuestion } from './merge-question.ts';

/** Texts shorter than this suggest nothing (too few trigrams to mean anything). */
const MIN_QUERY_LENGTH = 3;

/**
 * The similarity query both suggestions use: the group's questions open or answered, not hidden
 * and not merged, whose body reads like the text `q`, best match first, at most 5. A match is a
 * whole-text similarity over pg_trgm.similarity_threshold (`%`, 0.3 by default) or the text being
 * close to some part of the question (`<%`, word similarity over 0.6 by default) — both operators
 * the GIN index questions_body_trgm_idx answers, on PostgreSQL 15 and 18 alike. With `excluding`,
 * the question `excludeId` is left out (the one whose duplicates are looked for). One prepared
 * statement per shape.
 */
function similarQuery(db: Database, shape: { signedIn: boolean; excluding: boolean }) {
  const { signedIn, excluding } = shape;
  const name = `questions_similar_${signedIn ? 'viewer' : 'visitor'}${excluding ? '_excluding' : ''}`;
  return preparedQuery(db, name, (statementName) => {
    const text = sql.placeholder('q');
    const score = sql<number>`greatest(similarity(${questions.body}, ${text}), word_similarity(${text}, ${questions.body}))`;
    return db
      .select({
        id: questions.id,
        body: questions.body,
        likeCount: questions.likeCount,
        status: questions.status,
        isLiked: viewerLikes(signedIn ? sql.placeholder('viewerId') : null, 'question', questions.id),
        similarity: score,
      })
      .from(questions)
      .where(
        and(
          eq(questions.groupId, sql.placeholder('groupId')),
          sql`${questions.status} <> 'pending'`,
          eq(questions.isHidden, false),
          isNull(questions.mergedIntoId),
          excluding ? sql`${questions.id} <> ${sql.placeholder('excludeId')}::uuid` : undefined,
          sql`(${questions.body} % ${text} or ${text} <% ${questions.body})`,
        ),
      )
      .orderBy(sql`${score} desc`, sql`${questions.likeCount} desc`, questions.id)
      .limit(CONTENT_LIMITS.similarQuestionsMax)
      .prepare(statementName);
  });
}

/**
 * Questions of the group like the text being typed (`similarQuery`), so people vote instead of
 * asking again.
 */
export async function findSimilarQuestions(options: {
  db: Database;
  viewer: Viewer | null;
  groupId: string;
  q: string;
}): Promise<z.infer<typeof SimilarQuestionsResponseSchema>> {
  const { db, groupId } = options;
  const viewerId = options.viewer?.id ?? null;
  if (!isUuid(groupId)) throw notFound(GROUP_MESSAGES.notFound);
  const q = options.q.trim();
  const query = similarQuery(db, { signedIn: viewerId !== null, excluding: false });
  // a short text suggests nothing, and a page of matches says the group exists: otherwise ask
  const rows = q.length < MIN_QUERY_LENGTH ? [] : await query.execute({ groupId, viewerId, q });
  if (rows.length === 0 && (await findGroupOwner(db, groupId)) === undefined) {
    throw notFound(GROUP_MESSAGES.notFound);
  }
  return { questions: rows.map((row) => ({ ...row, similarity: Number(row.similarity) })) };
}

/**
 * The possible duplicates of a question, for whoever may merge it (canMergeQuestion): the host,
 * or its asker. The questions of its group that read like it (`similarQuery`), it left out; none
 * while it is not open (answered, hidden, pending or merged: it cannot be merged). Signed out 401;
 * anyone else 403, or 404 while the question waits for approval (they do not see it).
 */
export async function findDuplicateQuestions(options: {
  db: Database;
  viewer: Viewer | null;
  questionId: string;
}): Promise<DuplicateQuestionsResponse> {
  const { db, questionId } = options;
  const viewer = requireViewer(options.viewer);
  if (!isUuid(questionId)) throw notFound(CONTENT_MESSAGES.questionNotFound);
  const [question] = await db
    .select({
      id: questions.id,
      groupId: questions.groupId,
      authorId: questions.authorId,
      body: questions.body,
      status: questions.status,
      isHidden: questions.isHidden,
      mergedIntoId: questions.mergedIntoId,
      ownerId: groups.ownerId,
    })
    .from(questions)
    .innerJoin(groups, eq(groups.id, questions.groupId))
    .where(eq(questions.id, questionId));
  if (!question) throw notFound(CONTENT_MESSAGES.questionNotFound);
  if (viewer.id !== question.ownerId && viewer.id !== question.authorId) {
    if (question.status === 'pending') throw notFound(CONTENT_MESSAGES.questionNotFound);
    throw forbidden(CONTENT_MESSAGES.mergeNotAllowed);
  }
  const isOpen = isOpenQuestion(question);
  if (!canMergeQuestion(viewer.id, { authorId: question.authorId, hostId: question.ownerId, isOpen })) {
    return { questions: [] };
  }
  const rows = await similarQuery(db, { signedIn: true, excluding: true }).execute({
    groupId: question.groupId,
    viewerId: viewer.id,
    q: question.body,
    excludeId: question.id,
  });
  return {
    questions: rows.map((row) => ({
      id: row.id,
      body: row.body,
      likeCount: row.likeCount,
      status: row.status === 'answered' ? 'answered' : 'open',
      similarity: Number(row.similarity),
    })),
  };
}
