import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { groupRoutes } from './routes.ts';
import { isUuid } from '../../lib/ids.ts';

/**
 * Groups, roles, subscriptions and group likes: the routes and the live topics
 * `group:{groupId}` (anyone may watch) and `user:{userId}` (only that signed-in person).
 */
export const groupsPlugin = fp(
  async (app: FastifyInstance) => {
    app.live.hub.registerTopicKind('group', { authorize: ({ id }) => isUuid(id) });
    app.live.hub.registerTopicKind('user', { authorize: ({ viewer, id }) => viewer !== null && viewer.id === id });
    await app.register(groupRoutes);
  },
  { name: 'groups', dependencies: ['database', 'viewer', 'rate-limit', 'accounts', 'live'] },
);
