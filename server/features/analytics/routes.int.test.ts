import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViews } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { ANALYTICS_RATE_RULES } from './rate-rules.ts';
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

describe('page views per address', () => {
  it('takes 120 a minute from one address, then answers 429 with Retry-After and stores nothing more', async () => {
    // all within one minute's window
    const msLeft = 60_000 - (Date.now() % 60_000);
    if (msLeft < 15_000) await new Promise((resolve) => setTimeout(resolve, msLeft + 50));
    const path = uniquePath();
    const address = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const beacon = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/analytics/page-views',
        remoteAddress,
        headers: { 'user-agent': chrome },
        payload: { path },
      });
    const statuses = [];
    for (let i = 0; i < ANALYTICS_RATE_RULES.pageViewsPerAddress.limit; i++)
      statuses.push((await beacon(address)).statusCode);
    expect(statuses.every((status) => status === 204)).toBe(true);
    const refused = await beacon(address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(
      /^Too many page views from your network\. Please try again in \d+ seconds\.$/,
    );
    expect((await beacon('10.78.0.1')).statusCode).toBe(204);
    expect(await viewsOf(path)).toHaveLength(ANALYTICS_RATE_RULES.pageViewsPerAddress.limit + 1);
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
