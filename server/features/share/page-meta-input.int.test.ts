import { expect, it } from 'vitest';
import type { Queryable } from '../../db/client.ts';
import { resolveSharedPage } from './page-meta.ts';

/** A database that fails the test on any use. */
const noDatabase = new Proxy({} as Queryable, {
  get(_target, property) {
    throw new Error(`the database was asked (${String(property)})`);
  },
});

// A NUL reached PostgreSQL from the page path and failed the lookup (logged as an error); such
// a path names no group, post or session: a 404 page with noindex, found without the database.
it.each(['/group/a%00b', '/group/a%07b', '/event/x%00', '/event/%00', '/group/some-slug/post/%00', '/group/%E0%A4%A'])(
  'answers %s with a 404 page without asking the database',
  async (url) => {
    const answer = await resolveSharedPage({ db: noDatabase, url, publicUrl: 'http://townhall.test' });
    expect(answer.kind).toBe('not-found');
    expect(answer.kind === 'not-found' && answer.head).toContain('<meta name="robots" content="noindex" />');
  },
);

it.each(['/search', '/blog/some-post', '/group', '/event', '/settings/profile'])(
  'leaves %s to the client without asking the database',
  async (url) => {
    await expect(resolveSharedPage({ db: noDatabase, url, publicUrl: 'http://townhall.test' })).resolves.toEqual({
      kind: 'spa',
    });
  },
);
