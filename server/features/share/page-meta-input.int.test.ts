import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { resolveSharedPage } from './page-meta.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

// A NUL reached PostgreSQL from the page path and failed the lookup (logged as an error); such
// a path names no group, post or session, so the client's router answers it.
it.each(['/group/a%00b', '/group/a%07b', '/event/x%00', '/group/some-slug/post/%00'])(
  'leaves %s to the client without asking the database',
  async (url) => {
    await expect(resolveSharedPage({ db: app.db, url, publicUrl: 'http://townhall.test' })).resolves.toEqual({
      kind: 'spa',
    });
  },
);
