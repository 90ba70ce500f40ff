import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageViewInputSchema } from '#shared/schemas/analytics.ts';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import { perAddress } from '../../plugins/rate-limit.ts';
import { ANALYTICS_RATE_RULES } from './rate-rules.ts';
import { recordPageView } from './record-page-view.ts';

/** First-party web analytics: the page-view beacon of every page posts here. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/analytics/page-views',
    {
      schema: {
        summary: 'Record a page view',
        description: 'At most 120 a minute per network address: 429 with Retry-After beyond.',
        tags: ['analytics'],
        body: PageViewInputSchema,
        response: { 204: z.null().describe('Recorded (or ignored, for crawlers)'), 429: ErrorResponseSchema },
      },
      config: perAddress(ANALYTICS_RATE_RULES.pageViewsPerAddress),
    },
    async (request, reply) => {
      await recordPageView({
        db: app.db,
        input: request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        secret: app.config.sessionSecret ?? '',
        publicUrl: app.config.publicUrl,
      });
      return reply.status(204).send(null);
    },
  );
};
