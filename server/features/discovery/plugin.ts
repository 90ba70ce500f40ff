import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Placeholder: the discovery feature's routes (issue 8). */
export const discoveryPlugin = fp(
  async (_app: FastifyInstance) => {
    // routes arrive with the feature
  },
  { name: 'discovery', dependencies: ['database', 'viewer', 'rate-limit', 'accounts'] },
);
