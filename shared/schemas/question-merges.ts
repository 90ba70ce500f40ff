import { z } from 'zod';
import { QuestionSchema } from '#shared/schemas/questions.ts';

/**
 * The API contract of merging duplicate questions (docs/live-qa/merging.md): the merge, its undo
 * and the possible duplicates of a question. The body of the merge is QuestionMergeInputSchema
 * (shared/schemas/questions.ts). Server routes validate with these; the client types its answers
 * with them (type-only imports, decision 024).
 */

/** POST and DELETE /api/questions/:questionId/merge: both questions as they are after the change. */
export const QuestionMergeResponseSchema = z.object({
  /** The question merged (after an undo: back in the queue, `mergedInto` null). */
  merged: QuestionSchema,
  /** The question it went into, with the pooled votes (after an undo: without them). */
  into: QuestionSchema,
});
export type QuestionMergeResponse = z.infer<typeof QuestionMergeResponseSchema>;

/** GET /api/questions/:questionId/duplicates: questions of the group that read like this one, best first. */
export const DuplicateQuestionsResponseSchema = z.object({
  questions: z.array(
    z.object({
      id: z.string(),
      body: z.string(),
      likeCount: z.number().int(),
      status: z.enum(['open', 'answered']),
      /** pg_trgm similarity, 0 to 1. */
      similarity: z.number(),
    }),
  ),
});
export type DuplicateQuestionsResponse = z.infer<typeof DuplicateQuestionsResponseSchema>;
