import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { adminMailRoutes } from './mail-routes.ts';

/** Administration: routes only accounts with the admin role may use (each checks it). */
export const adminPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(adminMailRoutes);
  },
  { name: 'admin', dependencies: ['database', 'viewer', 'accounts'] },
);
