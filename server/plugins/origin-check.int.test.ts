import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { signUp } from '../test/factories.ts';

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

describe('the Origin check is not fooled by another spelling of an API path', () => {
  // Each of these reaches the sign-in route, or might through a proxy that normalises paths.
  const spellings = [
    '/%61pi/accounts/sign-in',
    '/%2561pi/accounts/sign-in',
    '/api/accounts/%73ign-in',
    '//api/accounts/sign-in',
    '/api//accounts/sign-in',
    '/api/../api/accounts/sign-in',
    '/./api/accounts/sign-in',
    '/api/%2e%2e/api/accounts/sign-in',
    '/API/accounts/sign-in',
    '/api/accounts/sign-in/',
    '/api/accounts/sign-in.',
  ];

  it('the router does reach sign-in by a percent-encoded path, so the check matters', async () => {
    const person = await signUp(app, 'spell');
    const response = await app.inject({
      method: 'POST',
      url: '/%61pi/accounts/sign-in',
      remoteAddress: '10.77.0.1',
      headers: { origin: 'http://townhall.test' },
      payload: { email: person.email, password: 'a fine secret' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.cookies.some((cookie) => cookie.name === 'townhall.session_token')).toBe(true);
  });

  it.each(spellings)('refuses %s from another site, with no session cookie', async (url) => {
    const person = await signUp(app, 'spell');
    const response = await app.inject({
      method: 'POST',
      url,
      remoteAddress: '10.77.0.2',
      headers: { origin: 'https://evil.example' },
      payload: { email: person.email, password: 'a fine secret' },
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().error.message).toBe('This request came from another site and was refused.');
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
