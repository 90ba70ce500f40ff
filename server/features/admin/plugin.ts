import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { digestPreviewRoutes } from './digest-preview-routes.ts';
import { adminMailRoutes } from './mail-routes.ts';
import { adminRoutes } from './routes.ts';

/** Administration: routes only accounts with the admin role may use (each checks it). */
export const adminPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(adminMailRoutes);
    await app.register(digestPreviewRoutes);
    await app.register(adminRoutes);
  },
  { name: 'admin', dependencies: ['database', 'viewer', 'accounts', 'live', 'rate-limit'] },
);
