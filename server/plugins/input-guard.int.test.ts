import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';
import { MAX_URL_VALUE_LENGTH } from './input-guard.ts';
import { call, castRoles, type RoleCast } from '../test/factories.ts';

let app: FastifyInstance;
let cast: RoleCast;
beforeAll(async () => {
  app = await buildTestApp();
  cast = await castRoles(app);
});
afterAll(async () => {
  await app?.close();
});

const expectRefused = (response: Awaited<ReturnType<typeof call>>, field: string, problem: RegExp) => {
  expect(response.statusCode, response.body).toBe(400);
  const { error } = response.json() as { error: { code: string; message: string; fields: Record<string, string> } };
  expect(error.code).toBe('validation_failed');
  expect(Object.keys(error.fields)).toEqual([field]);
  expect(error.fields[field]).toMatch(problem);
  expect(error.message).toBe(`${field}: ${error.fields[field]}`);
};

describe('a NUL or another control character in the address is a 400 naming the field', () => {
  // Each of these answered 500: PostgreSQL refuses U+0000 in text.
  it.each([
    ['/api/search?q=a%00b&type=people', 'query.q'],
    ['/api/search/suggestions?q=%00', 'query.q'],
    ['/api/groups/by-slug/a%00b', 'params.slug'],
    ['/api/profiles/a%00b', 'params.username'],
    ['/api/accounts/availability?username=a%00b', 'query.username'],
    ['/api/admin/users?q=%00', 'query.q'],
    ['/api/groups/slug-availability?slug=a%00', 'query.slug'],
    ['/api/search?q=a%01b&type=people', 'query.q'],
    ['/api/search?q=a%7Fb&type=people', 'query.q'],
    ['/api/search?q=a%C2%85b&type=people', 'query.q'], // NEL, a C1 control
    ['/api/search?q=a%0Ab&type=people', 'query.q'], // no line breaks in a search either
  ])('%s', async (url, field) => {
    expectRefused(await call(app, cast.host, 'GET', url), field, /control character/);
  });

  it('refuses a control character in the similar-questions search of a real group', async () => {
    const response = await call(app, cast.host, 'GET', `/api/groups/${cast.groupId}/questions/similar?q=why%00`);
    expectRefused(response, 'query.q', /control character/);
  });

  it('refuses a value longer than any route takes', async () => {
    const response = await call(app, null, 'GET', `/api/search?type=people&q=${'a'.repeat(MAX_URL_VALUE_LENGTH + 1)}`);
    expectRefused(response, 'query.q', /too long/);
  });

  it('leaves ordinary text alone', async () => {
    const response = await call(app, null, 'GET', '/api/search?q=caf%C3%A9%20%F0%9F%8E%89&type=people');
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('JSON bodies', () => {
  it('refuse a NUL in any field, however deep', async () => {
    const post = await call(app, cast.host, 'POST', `/api/groups/${cast.groupId}/posts`, { body: 'Hello\u0000there' });
    expectRefused(post, 'body.body', /control character/);
    const group = await call(app, cast.host, 'PATCH', `/api/groups/${cast.groupId}`, { name: 'A\u0007name' });
    expectRefused(group, 'body.name', /control character/);
    const read = await call(app, cast.host, 'POST', '/api/notifications/read', { ids: ['x\u0000'] });
    expectRefused(read, 'body.ids.0', /control character/);
  });

  it('refuse a lone surrogate (text that cannot be stored as UTF-8)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/groups/${cast.groupId}/posts`,
      headers: { origin: 'http://townhall.test', cookie: cast.host.cookie, 'content-type': 'application/json' },
      payload: '{"body":"half a smile \\ud83d"}',
    });
    expectRefused(response, 'body.body', /not valid Unicode/);
  });

  it('refuse a control character in a field name', async () => {
    const response = await call(app, cast.host, 'POST', `/api/groups/${cast.groupId}/posts`, { 'bo\u0000dy': 'x' });
    expectRefused(response, 'body', /field name/);
  });

  it('refuse absurd nesting without falling over', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { origin: 'http://townhall.test', cookie: cast.host.cookie, 'content-type': 'application/json' },
      payload: `{"ids":${deep}}`,
    });
    expect(response.statusCode, response.body).toBe(400);
  });

  it('keep tabs and line breaks in text a person writes', async () => {
    const response = await call(app, cast.host, 'POST', `/api/groups/${cast.groupId}/posts`, {
      body: 'First line\r\nsecond\tline',
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('addresses the router itself refuses', () => {
  it('answer a broken percent-encoding with a 400 in our error shape', async () => {
    const response = await call(app, null, 'GET', '/api/groups/by-slug/a%E0%80b');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'bad_request', message: 'The address is not valid: part of it is wrongly percent-encoded.' },
    });
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('answer a path segment over the router limit with a 414 in our error shape', async () => {
    const response = await call(app, null, 'GET', `/api/groups/by-slug/${'a'.repeat(201)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      error: { code: 'uri_too_long', message: 'The address is too long: one of its parts is over the limit.' },
    });
  });
});
