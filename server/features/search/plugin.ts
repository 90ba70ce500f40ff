import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Placeholder: the search feature's routes (issue 8). */
export const searchPlugin = fp(
  async (_app: FastifyInstance) => {
    // routes arrive with the feature
  },
  { name: 'search', dependencies: ['database', 'viewer', 'rate-limit', 'accounts'] },
);
