import { and, eq, sql } from 'drizzle-orm';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import type { z } from 'zod';
import type { SimilarQuestionsResponseSchema } from '#shared/schemas/questions.ts';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import type { Database } from '../../db/client.ts';
import { questions } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { preparedQuery } from '../../lib/prepared.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { findGroupOwner } from '../groups/public.ts';
import { viewerLikes } from '../../lib/viewer-likes.ts';
import { isUuid } from '../../lib/ids.ts';

/** Texts shorter than this suggest nothing (too few trigrams to mean anything). */
const MIN_QUERY_LENGTH = 3;

/**
 * Questions of the group like the text being typed (pg_trgm), so people vote instead of asking
 * again: open or answered and not hidden, best match first, at most 5. A match is a whole-text
 * similarity over pg_trgm.similarity_threshold (`%`, 0.3 by default) or the typed text being
 * close to some part of the question (`<%`, word similarity over 0.6 by default) — both
 * operators the GIN index questions_body_trgm_idx answers, on PostgreSQL 15 and 18 alike.
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
  const signedIn = viewerId !== null;
  const query = preparedQuery(db, `questions_similar_${signedIn ? 'viewer' : 'visitor'}`, (name) => {
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
          sql`(${questions.body} % ${text} or ${text} <% ${questions.body})`,
        ),
      )
      .orderBy(sql`${score} desc`, sql`${questions.likeCount} desc`, questions.id)
      .limit(CONTENT_LIMITS.similarQuestionsMax)
      .prepare(name);
  });
  // a short text suggests nothing, and a page of matches says the group exists: otherwise ask
  const rows = q.length < MIN_QUERY_LENGTH ? [] : await query.execute({ groupId, viewerId, q });
  if (rows.length === 0 && (await findGroupOwner(db, groupId)) === undefined) {
    throw notFound(GROUP_MESSAGES.notFound);
  }
  return { questions: rows.map((row) => ({ ...row, similarity: Number(row.similarity) })) };
}
