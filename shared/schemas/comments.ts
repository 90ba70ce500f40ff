import { z } from 'zod';
import { GroupPersonSchema } from '#shared/schemas/groups.ts';
import { ItemPermissionsSchema } from '#shared/schemas/posts.ts';

/**
 * The API contract of comments and replies, under a post or a question. Server routes validate
 * with these; the client types its answers with them (type-only imports, decision 024).
 */

export const CommentSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  parentType: z.enum(['post', 'question']),
  parentId: z.string(),
  /** The top-level comment this replies to; null for a top-level comment. */
  replyToId: z.string().nullable(),
  author: GroupPersonSchema,
  body: z.string(),
  likeCount: z.number().int(),
  isLiked: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  editedAt: z.iso.datetime().nullable(),
  permissions: ItemPermissionsSchema,
});
export type Comment = z.infer<typeof CommentSchema>;

/**
 * Body of POST /api/posts/:postId/comments and /api/questions/:questionId/comments
 * (action comment, or reply with replyToId; target posts or questionQueue).
 */
export const CommentInputSchema = z.strictObject({
  body: z.string(),
  replyToId: z.string().max(100).optional(),
});
export const CommentUpdateInputSchema = z.strictObject({ body: z.string() });
export const CommentResponseSchema = z.object({ comment: CommentSchema });
export type CommentResponse = z.infer<typeof CommentResponseSchema>;
/** Comments oldest first (replies included, each naming its replyToId), 50 a page. */
export const CommentListResponseSchema = z.object({
  comments: z.array(CommentSchema),
  nextCursor: z.string().nullable(),
});
export type CommentListResponse = z.infer<typeof CommentListResponseSchema>;
