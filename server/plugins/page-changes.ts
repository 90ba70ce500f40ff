import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { logDatabaseError } from '../lib/database-errors.ts';
import { forgetOldPageChanges } from '../lib/page-cache.ts';

/** How often each process deletes the rows of page_changes no kept page can need (decision 034). */
const SWEEP_MS = 60_000;

/** Keeps page_changes small: every process sweeps it once a minute (harmless when several do). */
export const pageChangesPlugin = fp(
  async (app: FastifyInstance) => {
    const sweep = () => {
      forgetOldPageChanges(app.db).catch((error: unknown) => {
        logDatabaseError(app.log, 'warn', error, 'old page changes could not be deleted');
      });
    };
    const sweeper = setInterval(sweep, SWEEP_MS);
    sweeper.unref();
    app.addHook('onClose', async () => {
      clearInterval(sweeper);
    });
  },
  { name: 'page-changes', dependencies: ['database'] },
);
