import { and, eq, sql } from 'drizzle-orm';
import { CONTENT_LIMITS } from '#shared/schemas/posts.ts';
import type { z } from 'zod';
import type { SimilarQuestionsResponseSchema } from '#shared/schemas/posts.ts';
import type { Queryable } from '../../db/client.ts';
import { questions } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { loadGroupWithRelation } from '../groups/find-group.ts';
import { likedBy } from './select-questions.ts';

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
  db: Queryable;
  viewer: Viewer | null;
  groupId: string;
  q: string;
}): Promise<z.infer<typeof SimilarQuestionsResponseSchema>> {
  const { db } = options;
  const { group } = await loadGroupWithRelation({ db, viewer: options.viewer, groupId: options.groupId });
  const q = options.q.trim();
  if (q.length < MIN_QUERY_LENGTH) return { questions: [] };
  const score = sql<number>`greatest(similarity(${questions.body}, ${q}), word_similarity(${q}, ${questions.body}))`;
  const rows = await db
    .select({
      id: questions.id,
      body: questions.body,
      likeCount: questions.likeCount,
      status: questions.status,
      isLiked: likedBy(options.viewer?.id ?? null, 'question', questions.id),
      similarity: score,
    })
    .from(questions)
    .where(
      and(
        eq(questions.groupId, group.id),
        sql`${questions.status} <> 'pending'`,
        eq(questions.isHidden, false),
        sql`(${questions.body} % ${q} or ${q} <% ${questions.body})`,
      ),
    )
    .orderBy(sql`${score} desc`, sql`${questions.likeCount} desc`, questions.id)
    .limit(CONTENT_LIMITS.similarQuestionsMax);
  return { questions: rows.map((row) => ({ ...row, similarity: Number(row.similarity) })) };
}
