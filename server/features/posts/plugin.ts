import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { postRoutes } from './routes.ts';

/**
 * Posts of groups (their comments and likes are the comments and likes features'). Live events
 * go to the groups feature's `group:{groupId}` topic.
 */
export const postsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(postRoutes);
  },
  { name: 'posts', dependencies: ['database', 'viewer', 'rate-limit', 'live', 'groups'] },
);
