import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import {
  CONTENT_LIMITS,
  CommentInputSchema,
  CommentListResponseSchema,
  type CommentListResponse,
  CommentResponseSchema,
  CommentUpdateInputSchema,
  LikeResponseSchema,
  LikeTargetParamsSchema,
  LikersResponseSchema,
  PostInputSchema,
  PostListResponseSchema,
  type PostListResponse,
  PostResponseSchema,
  PostUpdateInputSchema,
} from '#shared/schemas/posts.ts';
import type { CommentParentType } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { PageCache } from '../../lib/page-cache.ts';
import { perAccount } from '../../plugins/rate-limit.ts';
import { createComment } from './create-comment.ts';
import { createPost } from './create-post.ts';
import { deleteComment } from './delete-comment.ts';
import { deletePost } from './delete-post.ts';
import { listComments } from './list-comments.ts';
import { listLikers } from './list-likers.ts';
import { listPosts } from './list-posts.ts';
import { readPost } from './post-query.ts';
import { CONTENT_RATE_RULES } from './rate-rules.ts';
import { setLike } from './set-like.ts';
import { updateComment } from './update-comment.ts';
import { updatePost } from './update-post.ts';
import { isUuid } from '../../lib/ids.ts';

// Loose on purpose: a malformed id is answered 404 by the use cases.
const id = z.string().max(200);
const GroupParamsSchema = z.strictObject({ groupId: id });
const PostParamsSchema = z.strictObject({ postId: id });
const QuestionParamsSchema = z.strictObject({ questionId: id });
const CommentParamsSchema = z.strictObject({ commentId: id });
const CursorQuerySchema = z.strictObject({ cursor: z.string().max(300).optional() });
const PostPageQuerySchema = CursorQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(CONTENT_LIMITS.pageMax).default(CONTENT_LIMITS.pageSize),
});

const error = ErrorResponseSchema;
const readErrors = { 400: error, 403: error, 404: error };
const writeErrors = { 400: error, 401: error, 403: error, 404: error, 429: error };
const RULE =
  'The permission rule decides: signed out 401 `unauthenticated`; a guest 403 `subscription_required` (the client ' +
  'opens the subscribe gate); a refusal with a reason 403 `forbidden`.';

/** Posts, comments and replies, and likes. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  // pages of posts and comments served again until something they show changes (decision 034)
  const postPages = new PageCache<PostListResponse>({ events: app.groupEvents });
  const commentPages = new PageCache<CommentListResponse>({ events: app.groupEvents });
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
      config: perAccount(CONTENT_RATE_RULES.postsPerAccount),
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

  const commentParents: { parentType: CommentParentType; path: string; param: 'postId' | 'questionId' }[] = [
    { parentType: 'post', path: '/api/posts/:postId/comments', param: 'postId' },
    { parentType: 'question', path: '/api/questions/:questionId/comments', param: 'questionId' },
  ];
  for (const { parentType, path, param } of commentParents) {
    const params = parentType === 'post' ? PostParamsSchema : QuestionParamsSchema;
    const parentId = (values: Record<string, string>) => values[param] ?? '';
    app.get(
      path,
      {
        schema: {
          summary: `Comments and replies under a ${parentType}, oldest first`,
          description:
            `${CONTENT_LIMITS.commentsPageSize} a page; replies carry \`replyToId\`. ` +
            (parentType === 'question' ? 'A hidden question: its host and author only (403); a pending one: 404.' : ''),
          tags: ['comments'],
          params,
          querystring: CursorQuerySchema,
          response: { 200: CommentListResponseSchema, ...readErrors },
        },
      },
      async (request) =>
        listComments({
          db: app.db,
          viewer: request.viewer,
          parentType,
          parentId: parentId(request.params as Record<string, string>),
          cursor: request.query.cursor,
          cache: commentPages,
        }),
    );

    app.post(
      path,
      {
        schema: {
          summary: `Comment on a ${parentType}, or reply to one of its top-level comments`,
          description:
            `${RULE} Action comment, or reply with \`replyToId\`, on target ` +
            `${parentType === 'post' ? 'posts' : 'questionQueue (the host is refused: hosts answer questions)'}. ` +
            `Replying to a reply: 400. At most ${CONTENT_LIMITS.commentBodyMax} characters; 120 comments an hour.`,
          tags: ['comments'],
          params,
          body: CommentInputSchema,
          response: { 201: CommentResponseSchema, ...writeErrors },
        },
        config: perAccount(CONTENT_RATE_RULES.commentsPerAccount),
      },
      async (request, reply) => {
        const comment = await createComment({
          transaction: app.transaction,
          viewer: request.viewer,
          parentType,
          parentId: parentId(request.params as Record<string, string>),
          body: request.body.body,
          replyToId: request.body.replyToId,
        });
        return reply.status(201).send({ comment });
      },
    );
  }

  app.patch(
    '/api/comments/:commentId',
    {
      schema: {
        summary: "Change a comment's text (its author only)",
        tags: ['comments'],
        params: CommentParamsSchema,
        body: CommentUpdateInputSchema,
        response: { 200: CommentResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({
      comment: await updateComment({
        transaction: app.transaction,
        viewer: request.viewer,
        commentId: request.params.commentId,
        body: request.body.body,
      }),
    }),
  );

  app.delete(
    '/api/comments/:commentId',
    {
      schema: {
        summary: 'Delete a comment with its replies (its author or the host)',
        tags: ['comments'],
        params: CommentParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...writeErrors },
      },
    },
    async (request, reply) => {
      await deleteComment({
        transaction: app.transaction,
        viewer: request.viewer,
        commentId: request.params.commentId,
      });
      return reply.status(204).send(null);
    },
  );

  for (const isLiked of [true, false]) {
    const route = isLiked ? app.put.bind(app) : app.delete.bind(app);
    route(
      '/api/likes/:targetType/:targetId',
      {
        schema: {
          summary: isLiked ? 'Like a post, comment, question or answer (idempotent)' : 'Take back a like (idempotent)',
          description:
            `${RULE} Action like on target posts (posts and their comments) or questionQueue (questions, answers ` +
            'and their comments). A hidden question: 403 for anyone but its host and author; a pending one: 404. ' +
            'At most 600 likes an hour.',
          tags: ['likes'],
          params: LikeTargetParamsSchema,
          response: { 200: LikeResponseSchema, ...writeErrors },
        },
        config: perAccount(CONTENT_RATE_RULES.likesPerAccount),
      },
      async (request) => {
        return setLike({
          transaction: app.transaction,
          viewer: request.viewer,
          targetType: request.params.targetType,
          targetId: request.params.targetId,
          isLiked,
        });
      },
    );
  }

  app.get(
    '/api/likes/:targetType/:targetId',
    {
      schema: {
        summary: 'Who liked a post, comment, question or answer, newest first',
        description: '20 a page; `total` is the like count.',
        tags: ['likes'],
        params: LikeTargetParamsSchema,
        querystring: CursorQuerySchema,
        response: { 200: LikersResponseSchema, ...readErrors },
      },
    },
    async (request) =>
      listLikers({
        db: app.db,
        viewer: request.viewer,
        targetType: request.params.targetType,
        targetId: request.params.targetId,
        cursor: request.query.cursor,
      }),
  );
};
