import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { commentRoutes } from './routes.ts';

/**
 * Comments and replies under posts and under questions. Live events go to the groups feature's
 * `group:{groupId}` topic.
 */
export const commentsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(commentRoutes);
  },
  { name: 'comments', dependencies: ['database', 'viewer', 'rate-limit', 'live', 'groups'] },
);
