import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import {
  CommentInputSchema,
  CommentListResponseSchema,
  type CommentListResponse,
  CommentResponseSchema,
  CommentUpdateInputSchema,
} from '#shared/schemas/comments.ts';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import { PageCache } from '../../lib/page-cache.ts';
import { perAccount } from '../../plugins/rate-limit.ts';
import { createComment } from './create-comment.ts';
import { deleteComment } from './delete-comment.ts';
import { listComments } from './list-comments.ts';
import { COMMENT_RATE_RULES } from './rate-rules.ts';
import { updateComment } from './update-comment.ts';

// Loose on purpose: a malformed id is answered 404 by the use cases.
const id = z.string().max(200);
const PostParamsSchema = z.strictObject({ postId: id });
const QuestionParamsSchema = z.strictObject({ questionId: id });
const CommentParamsSchema = z.strictObject({ commentId: id });
const CursorQuerySchema = z.strictObject({ cursor: z.string().max(300).optional() });

const error = ErrorResponseSchema;
const readErrors = { 400: error, 403: error, 404: error };
const writeErrors = { 400: error, 401: error, 403: error, 404: error, 429: error };
const RULE =
  'The permission rule decides: signed out 401 `unauthenticated`; a guest 403 `subscription_required` (the client ' +
  'opens the subscribe gate); a refusal with a reason 403 `forbidden`.';
const LIST_DESCRIPTION = `${CONTENT_LIMITS.commentsPageSize} a page; replies carry \`replyToId\`. `;
/** What creating a comment says, for the rule's target under its parent. */
const createDescription = (target: string) =>
  `${RULE} Action comment, or reply with \`replyToId\`, on target ${target}. ` +
  `Replying to a reply: 400. At most ${CONTENT_LIMITS.commentBodyMax} characters; 120 comments an hour.`;

/** Comments and replies under posts and questions, and each comment on its own. */
export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  // pages of comments served again until something they show changes (decision 034)
  const commentPages = new PageCache<CommentListResponse>({ events: app.groupEvents });

  app.get(
    '/api/posts/:postId/comments',
    {
      schema: {
        summary: 'Comments and replies under a post, oldest first',
        description: LIST_DESCRIPTION,
        tags: ['comments'],
        params: PostParamsSchema,
        querystring: CursorQuerySchema,
        response: { 200: CommentListResponseSchema, ...readErrors },
      },
    },
    async (request) =>
      listComments({
        db: app.db,
        viewer: request.viewer,
        parentType: 'post',
        parentId: request.params.postId,
        cursor: request.query.cursor,
        cache: commentPages,
      }),
  );

  app.post(
    '/api/posts/:postId/comments',
    {
      schema: {
        summary: 'Comment on a post, or reply to one of its top-level comments',
        description: createDescription('posts'),
        tags: ['comments'],
        params: PostParamsSchema,
        body: CommentInputSchema,
        response: { 201: CommentResponseSchema, ...writeErrors },
      },
      config: perAccount(COMMENT_RATE_RULES.commentsPerAccount),
    },
    async (request, reply) => {
      const comment = await createComment({
        transaction: app.transaction,
        viewer: request.viewer,
        parentType: 'post',
        parentId: request.params.postId,
        body: request.body.body,
        replyToId: request.body.replyToId,
      });
      return reply.status(201).send({ comment });
    },
  );

  app.get(
    '/api/questions/:questionId/comments',
    {
      schema: {
        summary: 'Comments and replies under a question, oldest first',
        description: `${LIST_DESCRIPTION}A hidden question: its host and author only (403); a pending one: 404.`,
        tags: ['comments'],
        params: QuestionParamsSchema,
        querystring: CursorQuerySchema,
        response: { 200: CommentListResponseSchema, ...readErrors },
      },
    },
    async (request) =>
      listComments({
        db: app.db,
        viewer: request.viewer,
        parentType: 'question',
        parentId: request.params.questionId,
        cursor: request.query.cursor,
        cache: commentPages,
      }),
  );

  app.post(
    '/api/questions/:questionId/comments',
    {
      schema: {
        summary: 'Comment on a question, or reply to one of its top-level comments',
        description: createDescription('questionQueue (the host is refused: hosts answer questions)'),
        tags: ['comments'],
        params: QuestionParamsSchema,
        body: CommentInputSchema,
        response: { 201: CommentResponseSchema, ...writeErrors },
      },
      config: perAccount(COMMENT_RATE_RULES.commentsPerAccount),
    },
    async (request, reply) => {
      const comment = await createComment({
        transaction: app.transaction,
        viewer: request.viewer,
        parentType: 'question',
        parentId: request.params.questionId,
        body: request.body.body,
        replyToId: request.body.replyToId,
      });
      return reply.status(201).send({ comment });
    },
  );

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
};
