import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ledgerRoutes } from './routes.ts';

/** The public moderation ledger: its two read routes (the entries are written by the moderations themselves). */
export const ledgerPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(ledgerRoutes);
  },
  { name: 'ledger', dependencies: ['database', 'viewer', 'groups'] },
);
