import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { searchRoutes } from './routes.ts';

/** Site search: suggestions for the top bar and the results of /search. */
export const searchPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(searchRoutes);
  },
  { name: 'search', dependencies: ['database', 'viewer', 'rate-limit', 'accounts'] },
);
