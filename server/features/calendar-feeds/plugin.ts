import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { calendarFeedRoutes } from './routes.ts';

/** Calendar feeds: a group's public feed, a person's private one, and the API of the private one. */
export const calendarFeedsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(calendarFeedRoutes);
  },
  { name: 'calendar-feeds', dependencies: ['database', 'viewer', 'rate-limit'] },
);
