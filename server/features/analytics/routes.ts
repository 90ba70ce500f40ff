import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageViewInputSchema } from '#shared/schemas/analytics.ts';
import { recordPageView } from './record-page-view.ts';

/** First-party web analytics: the page-view beacon of every page posts here. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/analytics/page-views',
    {
      schema: {
        summary: 'Record a page view',
        tags: ['analytics'],
        body: PageViewInputSchema,
        response: { 204: z.null().describe('Recorded (or ignored, for crawlers)') },
      },
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
