import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Placeholder: the site feature's routes (issue 8). */
export const sitePlugin = fp(
  async (_app: FastifyInstance) => {
    // routes arrive with the feature
  },
  { name: 'site', dependencies: ['database', 'viewer', 'rate-limit', 'accounts'] },
);
