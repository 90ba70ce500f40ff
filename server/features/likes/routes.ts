import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import { LikeResponseSchema, LikeTargetParamsSchema, LikersResponseSchema } from '#shared/schemas/likes.ts';
import { perAccount } from '../../plugins/rate-limit.ts';
import { listLikers } from './list-likers.ts';
import { LIKE_RATE_RULES } from './rate-rules.ts';
import { setLike } from './set-like.ts';

const CursorQuerySchema = z.strictObject({ cursor: z.string().max(300).optional() });

const error = ErrorResponseSchema;
const readErrors = { 400: error, 403: error, 404: error };
const writeErrors = { 400: error, 401: error, 403: error, 404: error, 409: error, 429: error };
const RULE =
  'The permission rule decides: signed out 401 `unauthenticated`; a guest 403 `subscription_required` (the client ' +
  'opens the subscribe gate); a refusal with a reason 403 `forbidden`.';

/** Likes of posts, comments, questions and answers, and who liked them. */
export const likeRoutes: FastifyPluginAsyncZod = async (app) => {
  const setLikeRoute = (method: 'PUT' | 'DELETE', path: string, isLiked: boolean, summary: string) =>
    app.route({
      method,
      url: path,
      schema: {
        summary,
        description:
          `${RULE} Action like on target posts (posts and their comments) or questionQueue (questions, answers ` +
          'and their comments). A hidden question: 403 for anyone but its host and author; a pending one: 404; ' +
          'one merged into another: 409 `question_merged` (vote on that one). ' +
          'At most 600 likes an hour.',
        tags: ['likes'],
        params: LikeTargetParamsSchema,
        response: { 200: LikeResponseSchema, ...writeErrors },
      },
      config: perAccount(LIKE_RATE_RULES.likesPerAccount),
      handler: async (request) =>
        setLike({
          transaction: app.transaction,
          viewer: request.viewer,
          targetType: request.params.targetType,
          targetId: request.params.targetId,
          isLiked,
        }),
    });
  setLikeRoute(
    'PUT',
    '/api/likes/:targetType/:targetId',
    true,
    'Like a post, comment, question or answer (idempotent)',
  );
  setLikeRoute('DELETE', '/api/likes/:targetType/:targetId', false, 'Take back a like (idempotent)');

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
