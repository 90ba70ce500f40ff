import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { discoveryRoutes } from './routes.ts';

/** Discovery: the home feed, the sessions of my groups, the creators directory and the creator dashboard. */
export const discoveryPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(discoveryRoutes);
  },
  { name: 'discovery', dependencies: ['database', 'viewer', 'rate-limit', 'accounts'] },
);
