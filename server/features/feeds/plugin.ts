import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { feedRoutes } from './routes.ts';

/** News feeds (Atom) of groups and the blog, and oEmbed for questions and sessions. */
export const feedsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(feedRoutes);
  },
  { name: 'feeds', dependencies: ['database', 'rate-limit', 'site'] },
);
