import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isGroupId } from '../groups/cursor.ts';
import { sessionRoutes } from './routes.ts';

/** AMA sessions (events): the routes and the live topic `session:{id}` (anyone may watch). */
export const sessionsPlugin = fp(
  async (app: FastifyInstance) => {
    app.live.hub.registerTopicKind('session', { authorize: ({ id }) => isGroupId(id) });
    await app.register(sessionRoutes);
  },
  { name: 'sessions', dependencies: ['database', 'viewer', 'rate-limit', 'live', 'mail', 'groups'] },
);
