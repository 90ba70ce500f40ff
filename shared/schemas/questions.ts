import { z } from 'zod';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import { GroupPersonSchema } from '#shared/schemas/groups.ts';
import { LedgerHideReasonSchema } from '#shared/schemas/ledger.ts';
import { ItemPermissionsSchema } from '#shared/schemas/posts.ts';

/**
 * The API contract of the question queue of ama groups: questions, their answers, moderation and
 * similar questions. Server routes validate with these; the client types its answers with them
 * (type-only imports, decision 024).
 */

export const AnswerSchema = z.object({
  id: z.string(),
  questionId: z.string(),
  author: GroupPersonSchema,
  body: z.string(),
  likeCount: z.number().int(),
  isLiked: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  editedAt: z.iso.datetime().nullable(),
});
export type Answer = z.infer<typeof AnswerSchema>;

export const QuestionStatusSchema = z.enum(['pending', 'open', 'answered']);

/** The person every reader sees as the author of an anonymous question: no id, no handle, no picture. */
export const ANONYMOUS_AUTHOR = { id: '', username: '', name: 'Anonymous', profileImageURL: '' } as const;

export const QuestionSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  sessionId: z.string().nullable(),
  /** `ANONYMOUS_AUTHOR` when `isAnonymous`, for every reader (the host and the asker included). */
  author: GroupPersonSchema,
  /** Asked anonymously (the group allows it). */
  isAnonymous: z.boolean(),
  body: z.string(),
  status: QuestionStatusSchema,
  /** Hidden by the host: only the host and the author see it. */
  isHidden: z.boolean(),
  isPinned: z.boolean(),
  pinnedAt: z.iso.datetime().nullable(),
  /** Votes are likes. */
  likeCount: z.number().int(),
  isLiked: z.boolean(),
  commentCount: z.number().int(),
  answer: AnswerSchema.nullable(),
  answeredAt: z.iso.datetime().nullable(),
  /** Merged into another question of the group (its votes pooled there): that question. */
  mergedInto: z.object({ id: z.string(), body: z.string() }).nullable(),
  /** Carried over from an ended session (to this one, or to the answer-later list): that session. */
  carriedFrom: z.object({ sessionId: z.string(), title: z.string() }).nullable(),
  /** Waiting in the group's "answer later" list since then; null when not in it. */
  answerLaterAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  editedAt: z.iso.datetime().nullable(),
  /** The group's host changed its text (the public ledger has an 'edited' entry). */
  editedByHost: z.boolean(),
  permissions: ItemPermissionsSchema,
});
export type Question = z.infer<typeof QuestionSchema>;

/**
 * Query of GET /api/groups/:groupId/questions. sort top = votes, then older first; new = newest
 * first; fresh = votes decayed by age (README, "Fair queue"); no sort: the group's own order
 * (fresh when the group chose it, else top). view open (default: open questions, the pinned one
 * excluded from the list because it comes in `pinned`), answered, pending (host only: awaiting
 * approval), hidden (host only), later (the group's answer-later list). Merged questions are in
 * no view.
 */
export const QUESTION_SORTS = ['top', 'new', 'fresh'] as const;
export const QuestionListQuerySchema = z.strictObject({
  sort: z.enum(QUESTION_SORTS).optional(),
  view: z.enum(['open', 'answered', 'pending', 'hidden', 'later']).default('open'),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(CONTENT_LIMITS.pageMax).default(CONTENT_LIMITS.pageSize),
  /** Only the questions asked for this AMA session. */
  sessionId: z.string().max(100).optional(),
});
export const QuestionListResponseSchema = z.object({
  /** The question the host pinned (being answered now), for everyone, on every view's first page. */
  pinned: QuestionSchema.nullable(),
  questions: z.array(QuestionSchema),
  nextCursor: z.string().nullable(),
});
export type QuestionListResponse = z.infer<typeof QuestionListResponseSchema>;

/** Body of POST /api/groups/:groupId/questions (action ask, target questionQueue; ama groups only). */
export const QuestionInputSchema = z.strictObject({
  body: z.string(),
  sessionId: z.string().max(100).optional(),
  /** Ask anonymously: only where the group allows it (canAskAnonymously), else 400. */
  anonymous: z.boolean().optional(),
});
export const QuestionUpdateInputSchema = z.strictObject({ body: z.string() });
export const QuestionResponseSchema = z.object({ question: QuestionSchema });
export type QuestionResponse = z.infer<typeof QuestionResponseSchema>;

/** GET /api/groups/:groupId/questions/similar?q= — asked questions like the text being typed (pg_trgm). */
export const SimilarQuestionsQuerySchema = z.strictObject({ q: z.string().max(1000) });
export const SimilarQuestionsResponseSchema = z.object({
  questions: z.array(
    z.object({
      id: z.string(),
      body: z.string(),
      likeCount: z.number().int(),
      status: QuestionStatusSchema,
      isLiked: z.boolean(),
      /** pg_trgm similarity, 0 to 1. */
      similarity: z.number(),
    }),
  ),
});
export type SimilarQuestionsResponse = z.infer<typeof SimilarQuestionsResponseSchema>;

/** Body of PUT /api/questions/:questionId/answer (host only): writes or edits the answer and marks it answered. */
export const AnswerInputSchema = z.strictObject({ body: z.string() });

/** Body of PATCH /api/questions/:questionId/moderation (host only). */
export const QuestionModerationInputSchema = z.strictObject({
  status: z.enum(['open', 'answered']).optional(),
  isPinned: z.boolean().optional(),
  isHidden: z.boolean().optional(),
  /** Approve a pending question (status pending → open). */
  isApproved: z.literal(true).optional(),
  /** Why it is hidden, for the public moderation ledger (only with `isHidden: true`; 'other' when absent). */
  reason: LedgerHideReasonSchema.optional(),
});

/** Body of POST /api/questions/:questionId/merge: the question it goes into (same group, not merged itself). */
export const QuestionMergeInputSchema = z.strictObject({ intoQuestionId: z.string().max(100) });
