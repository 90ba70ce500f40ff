import { z } from 'zod';
import { GroupPersonSchema } from '#shared/schemas/groups.ts';

/**
 * The API contract of posts. Server routes validate with these; the client types its answers
 * with them (type-only imports, decision 024). Texts of posts, comments, questions and answers
 * are stored exactly as typed and never rendered as HTML: the client renders the formatting
 * subset of `shared/lib/rich-text.ts` (links, bold, italics, lists, line breaks) as React
 * elements. Comments (`comments.ts`), likes (`likes.ts`) and the question queue (`questions.ts`)
 * have files of their own.
 */

/**
 * What the viewer may do with an item (the server decides; the client only shows or hides buttons):
 * the same for posts, comments and questions, which import it from here.
 */
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
