import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Jobs, type JobHandler, type JobPolicy, type SendJobOptions } from '../lib/jobs.ts';

/** What features see of the job system (server/lib/jobs.ts). */
export interface JobsService {
  /**
   * Declares a queue, its handler and its policy, while the feature registers. The queue is
   * created, and its worker started, once the app is ready.
   */
  define<T extends object>(name: string, handler: JobHandler<T>, policy: JobPolicy): void;
  /**
   * Queues a job. With `tx` it is part of that transaction (it exists only if it commits).
   * Returns the job's id, or null when a 'short' queue already holds one of that singleton key.
   */
  send<T extends object>(name: string, data: T, options?: SendJobOptions): Promise<string | null>;
  /** Makes this process's worker of `name` look for jobs now instead of at its next poll. */
  wake(name: string): void;
  /** Stops the workers (running jobs finish, for up to 10 s) and closes the queue's pool; idempotent. */
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queues (pg-boss): features define their queues and send jobs here. */
    jobs: JobsService;
  }
}

/**
 * The one job system of the process: one pg-boss instance on the app's database, installed or
 * upgraded as the plugin registers, its queues created and workers started at `onReady` (after
 * every feature has defined its queues and whatever their handlers need). The app stops it
 * first of all its onClose hooks (server/app.ts); this plugin's own hook covers an app that
 * failed to build.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const connectionString = app.db.$client.options.connectionString;
    if (!connectionString) throw new Error('The job queues need the connection string of the database pool.');
    const jobs = new Jobs({ connectionString, logger: app.log.child({ component: 'jobs' }) });
    try {
      await jobs.start(app.db.$client);
    } catch (error) {
      await jobs.stop().catch(() => undefined);
      throw error;
    }
    app.addHook('onReady', async () => {
      await jobs.ready(app.db.$client);
    });
    app.addHook('onClose', async () => {
      await jobs.stop();
    });
    app.decorate('jobs', {
      define: (name, handler, policy) => jobs.define(name, handler, policy),
      send: (name, data, options) => jobs.send(name, data, options),
      wake: (name) => jobs.wake(name),
      stop: () => jobs.stop(),
    } satisfies JobsService);
  },
  { name: 'jobs', dependencies: ['database'] },
);
