import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hostAnalyticsRoutes } from './routes.ts';
import { SAMPLE_VIEWERS_POLICY, SAMPLE_VIEWERS_QUEUE, sampleViewers } from './sample-viewers.ts';

/**
 * Host analytics: its read routes, and the job that samples each live session's viewers every
 * minute (session_viewer_samples), which the viewers-over-time chart and the peak read.
 */
export const hostAnalyticsPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.define(
      SAMPLE_VIEWERS_QUEUE,
      async () => {
        await sampleViewers({ db: app.db });
      },
      SAMPLE_VIEWERS_POLICY,
    );
    await app.register(hostAnalyticsRoutes);
  },
  { name: 'host-analytics', dependencies: ['database', 'viewer', 'jobs'] },
);
