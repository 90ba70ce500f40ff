import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const pageView = { path: '/origin-test' };

describe('state-changing requests must come from our own pages', () => {
  it('accepts our public origin and the origin of the address used', async () => {
    for (const origin of ['http://townhall.test', 'http://localhost:3000']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/analytics/page-views',
        headers: { origin, host: 'localhost:3000' },
        payload: pageView,
      });
      expect(response.statusCode).toBe(204);
    }
  });

  it('refuses another site, whatever else the request carries', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/analytics/page-views',
      headers: { origin: 'https://evil.example' },
      payload: pageView,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'forbidden',
      message: 'This request came from another site and was refused.',
    });
  });

  it('refuses a browser that says the request is cross-site', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/analytics/page-views',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: pageView,
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a request with cookies but no Origin; accepts one with neither', async () => {
    const withCookie = await app.inject({
      method: 'POST',
      url: '/api/accounts/sign-out',
      headers: { cookie: 'townhall.session_token=abc' },
    });
    expect(withCookie.statusCode).toBe(403);
    expect(withCookie.json().error.message).toBe('This request has no Origin header and was refused.');
    const bare = await app.inject({ method: 'POST', url: '/api/analytics/page-views', payload: pageView });
    expect(bare.statusCode).toBe(204);
  });

  it('leaves reads alone', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example', cookie: 'a=b' },
    });
    expect(response.statusCode).toBe(200);
  });
});
