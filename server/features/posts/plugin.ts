import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { contentRoutes } from './routes.ts';

/**
 * Posts, comments and replies (on posts and on questions) and likes of posts, comments,
 * questions and answers. Live events go to the groups feature's `group:{groupId}` topic.
 */
export const postsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(contentRoutes);
  },
  { name: 'posts', dependencies: ['database', 'viewer', 'rate-limit', 'live', 'groups'] },
);
