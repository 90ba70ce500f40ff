import { z } from 'zod';
import { GroupPersonSchema } from '#shared/schemas/groups.ts';

/**
 * The API contract of likes of posts, comments, questions (votes) and answers. Server routes
 * validate with these; the client types its answers with them (type-only imports, decision 024).
 */

/** What PUT/DELETE /api/likes/:targetType/:targetId act on (action like). */
export const LIKE_TARGETS = ['post', 'comment', 'question', 'answer'] as const;
export const LikeTargetParamsSchema = z.strictObject({
  targetType: z.enum(LIKE_TARGETS),
  targetId: z.string().max(100),
});
export const LikeResponseSchema = z.object({ isLiked: z.boolean(), likeCount: z.number().int() });
export type LikeResponse = z.infer<typeof LikeResponseSchema>;
/** GET /api/likes/:targetType/:targetId: who liked it, newest first, 20 a page. */
export const LikersResponseSchema = z.object({
  people: z.array(GroupPersonSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
