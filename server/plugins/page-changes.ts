import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { logDatabaseError } from '../lib/database-errors.ts';
import { closePageChangeLog, pageChangeLog } from '../lib/page-change-log.ts';
import { forgetOldPageChanges, GroupEvents } from '../lib/page-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The groups this process heard live events of: a hint for the kept pages (server/lib/page-cache.ts). */
    groupEvents: GroupEvents;
  }
}

/** How often each process deletes the rows of page_changes no kept page can need (decision 034). */
const SWEEP_MS = 60_000;

/**
 * Kept pages (decisions 034, 035): the hint of the groups' live events that their caches share,
 * the change log begun at start, and page_changes kept small: every process sweeps it once a
 * minute (harmless when several do).
 */
export const pageChangesPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('groupEvents', new GroupEvents());
    const sweep = () => {
      forgetOldPageChanges(app.db).catch((error: unknown) => {
        logDatabaseError(app.log, 'warn', error, 'old page changes could not be deleted');
      });
    };
    const sweeper = setInterval(sweep, SWEEP_MS);
    sweeper.unref();
    // the change log begins before the first page is read: pages read in an older snapshot are read again
    app.addHook('onReady', async () => {
      await pageChangeLog(app.db)
        .sync()
        .catch((error: unknown) => {
          logDatabaseError(app.log, 'warn', error, 'the change log of kept pages could not begin');
        });
    });
    app.addHook('onClose', async () => {
      clearInterval(sweeper);
      await closePageChangeLog(app.db);
    });
  },
  { name: 'page-changes', dependencies: ['database'] },
);
