import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema, ReadyResponseSchema } from '#shared/schemas/health.ts';

/** Liveness and readiness probes for load balancers and orchestrators. */
export const healthRoutes: FastifyPluginAsyncZod<{ version: string }> = async (app, options) => {
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'The process is alive',
        tags: ['health'],
        response: { 200: HealthResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const, version: options.version, uptime: Math.round(process.uptime()) }),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        summary: 'The database answers',
        tags: ['health'],
        response: { 200: ReadyResponseSchema, 503: ReadyResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ready' as const, database: 'up' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        return reply.status(503).send({ status: 'unavailable', database: 'down' });
      }
    },
  );
};
