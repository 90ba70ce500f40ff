import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema, ReadyResponseSchema } from '#shared/schemas/health.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../plugins/errors.ts';

/**
 * The readiness probe gives up after this: a probe must answer quickly either way, and a
 * database that takes longer for `select 1` is not ready to serve people.
 */
export const READY_TIMEOUT_MS = 2_000;

/** Resolves when `promise` does; rejects if it takes longer than `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

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
        description: `503 with Retry-After while the database is away or takes more than ${READY_TIMEOUT_MS} ms to answer.`,
        tags: ['health'],
        response: { 200: ReadyResponseSchema, 503: ReadyResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      try {
        await within(app.db.execute(sql`select 1`), READY_TIMEOUT_MS);
        return { status: 'ready' as const, database: 'up' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.status(503).send({ status: 'unavailable', database: 'down' });
      }
    },
  );
};
