import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Shares the Drizzle handle with every route; the pool closes with the app. */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('db', options.db);
    app.addHook('onClose', async () => {
      await options.db.$client.end();
    });
  },
  { name: 'database' },
);
