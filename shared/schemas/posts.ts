import { z } from 'zod';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import { GroupPersonSchema } from '#shared/schemas/groups.ts';

/**
 * The API contract of posts, comments, likes and the question queue. Server routes
 * validate with these; the client types its answers with them (type-only imports, decision
 * 024). Texts are stored exactly as typed and never rendered as HTML: the client renders the
 * formatting subset of `shared/lib/rich-text.ts` (links, bold, italics, lists, line breaks) as
 * React elements.
 */

// Defined in shared/constants (the client imports them without zod); re-exported for the server.
export { CONTENT_LIMITS };

/** What the viewer may do with an item (the server decides; the client only shows or hides buttons). */
export const ItemPermissionsSchema = z.object({
  /** The author, while the item may still change. */
  canEdit: z.boolean(),
  /** The author or the group's host (moderation). */
  canDelete: z.boolean(),
});

export const PostImageSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type PostImage = z.infer<typeof PostImageSchema>;

/** Who liked an item: the first few (for the avatar group) and the total (for '+N'). */
export const LikedBySchema = z.object({ people: z.array(GroupPersonSchema), total: z.number().int() });
export type LikedBy = z.infer<typeof LikedBySchema>;

export const PostSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  author: GroupPersonSchema,
  body: z.string(),
  images: z.array(PostImageSchema),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  isLiked: z.boolean(),
  /** Up to CONTENT_LIMITS.likedByPreview people, newest first. */
  likedBy: LikedBySchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  editedAt: z.iso.datetime().nullable(),
  permissions: ItemPermissionsSchema,
});
export type Post = z.infer<typeof PostSchema>;

/**
 * Body of POST /api/groups/:groupId/posts (action post; images need attach_image too) and
 * PATCH /api/posts/:postId (author only). `images` are URLs of the author's 'post' uploads.
 */
export const PostInputSchema = z.strictObject({
  body: z.string(),
  images: z.array(z.string().max(500)).default([]),
});
export const PostUpdateInputSchema = z.strictObject({
  body: z.string().optional(),
  images: z.array(z.string().max(500)).optional(),
});
export const PostResponseSchema = z.object({ post: PostSchema });
export type PostResponse = z.infer<typeof PostResponseSchema>;
export const PostListResponseSchema = z.object({ posts: z.array(PostSchema), nextCursor: z.string().nullable() });
export type PostListResponse = z.infer<typeof PostListResponseSchema>;

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

export const QuestionSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  sessionId: z.string().nullable(),
  author: GroupPersonSchema,
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
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  editedAt: z.iso.datetime().nullable(),
  permissions: ItemPermissionsSchema,
});
export type Question = z.infer<typeof QuestionSchema>;

/**
 * Query of GET /api/groups/:groupId/questions. sort top = votes, then older first; new = newest
 * first. view open (default: open questions, the pinned one excluded from the list because it
 * comes in `pinned`), answered, pending (host only: awaiting approval), hidden (host only).
 */
export const QuestionListQuerySchema = z.strictObject({
  sort: z.enum(['top', 'new']).default('top'),
  view: z.enum(['open', 'answered', 'pending', 'hidden']).default('open'),
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
export const QuestionInputSchema = z.strictObject({ body: z.string(), sessionId: z.string().max(100).optional() });
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
});

// Defined in shared/constants (the client imports them without zod); re-exported for the server.
export { CONTENT_LIVE_EVENTS } from '#shared/constants/live.ts';
