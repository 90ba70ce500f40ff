import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import {
  PostInputSchema,
  PostListResponseSchema,
  type PostListResponse,
  PostResponseSchema,
  PostUpdateInputSchema,
} from '#shared/schemas/posts.ts';
import { notFound } from '../../lib/errors.ts';
import { PageCache } from '../../lib/page-cache.ts';
import { perAccount } from '../../plugins/rate-limit.ts';
import { createPost } from './create-post.ts';
import { deletePost } from './delete-post.ts';
import { listPosts } from './list-posts.ts';
import { readPost } from './post-query.ts';
import { POST_RATE_RULES } from './rate-rules.ts';
import { updatePost } from './update-post.ts';
import { isUuid } from '../../lib/ids.ts';

// Loose on purpose: a malformed id is answered 404 by the use cases.
const id = z.string().max(200);
const GroupParamsSchema = z.strictObject({ groupId: id });
const PostParamsSchema = z.strictObject({ postId: id });
const CursorQuerySchema = z.strictObject({ cursor: z.string().max(300).optional() });
const PostPageQuerySchema = CursorQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(CONTENT_LIMITS.pageMax).default(CONTENT_LIMITS.pageSize),
});

const error = ErrorResponseSchema;
const writeErrors = { 400: error, 401: error, 403: error, 404: error, 429: error };
const RULE =
  'The permission rule decides: signed out 401 `unauthenticated`; a guest 403 `subscription_required` (the client ' +
  'opens the subscribe gate); a refusal with a reason 403 `forbidden`.';

/** A group's posts, and each post on its own. */
export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  // pages of posts served again until something they show changes (decision 034)
  const postPages = new PageCache<PostListResponse>({ events: app.groupEvents });
  app.get(
    '/api/groups/:groupId/posts',
    {
      schema: {
        summary: "A group's posts, newest first",
        description: '20 a page unless `limit` says otherwise; pass `nextCursor` as `cursor` for the next page.',
        tags: ['posts'],
        params: GroupParamsSchema,
        querystring: PostPageQuerySchema,
        response: { 200: PostListResponseSchema, 400: error, 404: error },
      },
    },
    async (request) =>
      listPosts({
        db: app.db,
        viewer: request.viewer,
        groupId: request.params.groupId,
        ...request.query,
        cache: postPages,
      }),
  );

  app.post(
    '/api/groups/:groupId/posts',
    {
      schema: {
        summary: 'Post in a group (action post; images need attach_image)',
        description:
          `${RULE} Text trimmed, at most ${CONTENT_LIMITS.postBodyMax} characters; text or an image is needed; at most ` +
          `${CONTENT_LIMITS.postImagesMax} images, each one of the author's own 'post' uploads. At most 30 posts an hour.`,
        tags: ['posts'],
        params: GroupParamsSchema,
        body: PostInputSchema,
        response: { 201: PostResponseSchema, ...writeErrors },
      },
      config: perAccount(POST_RATE_RULES.postsPerAccount),
    },
    async (request, reply) => {
      const post = await createPost({
        transaction: app.transaction,
        viewer: request.viewer,
        groupId: request.params.groupId,
        input: request.body,
      });
      return reply.status(201).send({ post });
    },
  );

  app.get(
    '/api/posts/:postId',
    {
      schema: {
        summary: 'One post, for its own page',
        description: 'A post is public like its group (decision 013); 404 when there is none.',
        tags: ['posts'],
        params: PostParamsSchema,
        response: { 200: PostResponseSchema, 404: error },
      },
    },
    async (request) => {
      const post = isUuid(request.params.postId)
        ? await readPost(app.db, request.viewer?.id ?? null, request.params.postId)
        : null;
      if (!post) throw notFound(CONTENT_MESSAGES.postNotFound);
      return { post };
    },
  );

  app.patch(
    '/api/posts/:postId',
    {
      schema: {
        summary: "Change a post's text or images (its author only)",
        description: 'Not the author: 403 `not_author`. The author must still be allowed to post in the group.',
        tags: ['posts'],
        params: PostParamsSchema,
        body: PostUpdateInputSchema,
        response: { 200: PostResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({
      post: await updatePost({
        transaction: app.transaction,
        viewer: request.viewer,
        postId: request.params.postId,
        input: request.body,
      }),
    }),
  );

  app.delete(
    '/api/posts/:postId',
    {
      schema: {
        summary: 'Delete a post with its comments and likes (its author or the host)',
        tags: ['posts'],
        params: PostParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...writeErrors },
      },
    },
    async (request, reply) => {
      await deletePost({ transaction: app.transaction, viewer: request.viewer, postId: request.params.postId });
      return reply.status(204).send(null);
    },
  );
};
