import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { likeRoutes } from './routes.ts';

/**
 * Likes of posts, comments, questions (votes) and answers, and who liked them. Live events go to
 * the groups feature's `group:{groupId}` topic.
 */
export const likesPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(likeRoutes);
  },
  { name: 'likes', dependencies: ['database', 'viewer', 'rate-limit', 'live', 'groups'] },
);
