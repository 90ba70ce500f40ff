import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViews } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { referrerHost } from './record-page-view.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const uniquePath = () => `/test-${Math.random().toString(36).slice(2, 10)}`;
const chrome = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36';

async function viewsOf(path: string) {
  return app.db.select().from(pageViews).where(eq(pageViews.path, path)).orderBy(desc(pageViews.id));
}

describe('POST /api/analytics/page-views', () => {
  it('records a view with the referring site and a daily visitor hash', async () => {
    const path = uniquePath();
    const response = await app.inject({
      method: 'POST',
      url: '/api/analytics/page-views',
      headers: { 'user-agent': chrome },
      payload: { path, referrer: 'https://news.example.org/item?id=1' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const [view] = await viewsOf(path);
    expect(view).toMatchObject({ path, referrerHost: 'news.example.org' });
    expect(view?.visitorHash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('counts the same browser as one visitor the same day', async () => {
    const path = uniquePath();
    for (let i = 0; i < 2; i++) {
      await app.inject({
        method: 'POST',
        url: '/api/analytics/page-views',
        headers: { 'user-agent': chrome },
        payload: { path },
      });
    }
    await app.inject({
      method: 'POST',
      url: '/api/analytics/page-views',
      headers: { 'user-agent': 'Firefox/140' },
      payload: { path },
    });
    const views = await viewsOf(path);
    expect(views).toHaveLength(3);
    expect(new Set(views.map((view) => view.visitorHash)).size).toBe(2);
  });

  it('ignores crawlers', async () => {
    const path = uniquePath();
    const response = await app.inject({
      method: 'POST',
      url: '/api/analytics/page-views',
      headers: { 'user-agent': 'Googlebot/2.1' },
      payload: { path },
    });
    expect(response.statusCode).toBe(204);
    expect(await viewsOf(path)).toEqual([]);
  });

  it.each([
    [{ path: 'no-slash' }, 'body.path'],
    [{ path: '/search?q=secret' }, 'body.path'],
    [{ path: `/${'x'.repeat(600)}` }, 'body.path'],
    [{ path: '/ok', userId: 'u1' }, 'body.userId'],
  ])('refuses %o, naming %s, and stores nothing', async (payload, field) => {
    const response = await app.inject({ method: 'POST', url: '/api/analytics/page-views', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty([field]);
  });
});

describe('referrerHost', () => {
  it('keeps other sites, drops our own and junk', () => {
    expect(referrerHost('https://a.example/x', 'http://townhall.test')).toBe('a.example');
    expect(referrerHost('http://townhall.test/groups', 'http://townhall.test')).toBeNull();
    expect(referrerHost('javascript:alert(1)', 'http://townhall.test')).toBeNull();
    expect(referrerHost('not a url', 'http://townhall.test')).toBeNull();
    expect(referrerHost(undefined, 'http://townhall.test')).toBeNull();
  });
});
