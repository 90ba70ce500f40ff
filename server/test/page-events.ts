import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';

/**
 * Waits until `app` has heard a live event of the page scope (server/lib/page-cache.ts) since its
 * count was `before` (the bus brings them in commit order), and none has come for 100 ms since: a
 * page kept before an event comes is dropped when it does (a hint), and jobs a write started may
 * send more a little later. Tests that show a page served from the cache wait for this first.
 */
export async function pageEventsHeard(app: FastifyInstance, scope: string, before: number): Promise<void> {
  await vi.waitFor(() => expect(app.groupEvents.count(scope)).toBeGreaterThan(before));
  let count = app.groupEvents.count(scope);
  let since = Date.now();
  while (Date.now() - since < 100) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (app.groupEvents.count(scope) !== count) {
      count = app.groupEvents.count(scope);
      since = Date.now();
    }
  }
}
