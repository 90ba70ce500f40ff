import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app?.close();
});

const address = () => `10.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}.11`;

const check = (query: Record<string, string>, remoteAddress = address()) =>
  app.inject({ url: `/api/accounts/availability?${new URLSearchParams(query).toString()}`, remoteAddress });

describe('GET /api/accounts/availability', () => {
  it("answers sign-up's own messages per field, and null when free", async () => {
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const person = { email: `avail.${id}@example.com`, username: `Avail_${id}`, password: 'a fine secret' };
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/accounts/sign-up',
      remoteAddress: address(),
      payload: person,
    });
    expect(signUp.statusCode).toBe(201);

    const taken = await check({ email: person.email.toUpperCase(), username: person.username.toLowerCase() });
    expect(taken.statusCode).toBe(200);
    expect(taken.headers['cache-control']).toBe('no-store');
    expect(taken.json()).toEqual({
      email: 'This email is already registered',
      username: 'This username is already taken',
    });

    expect((await check({ email: `free.${id}@example.com`, username: `free_${id}` })).json()).toEqual({
      email: null,
      username: null,
    });
    expect((await check({ username: 'ab' })).json()).toEqual({ username: 'Username must be at least 3 characters' });
    expect((await check({ username: 'ad min' })).json()).toEqual({
      username: 'Username can only contain letters, numbers, underscores, and hyphens',
    });
    expect((await check({ username: 'settings' })).json()).toEqual({ username: 'This username is not available' });
    // A Cyrillic 'а' that looks like a Latin one is refused, not compared.
    expect((await check({ username: 'p\u0430ul_' + id })).json()).toEqual({
      username: 'Username can only contain letters, numbers, underscores, and hyphens',
    });
    expect((await check({ email: 'not-an-email' })).json()).toEqual({ email: 'Valid email is required' });
  });

  it('refuses unknown and over-long fields with a 400', async () => {
    expect((await check({ role: 'admin' })).statusCode).toBe(400);
    expect((await check({ username: 'x'.repeat(65) })).statusCode).toBe(400);
  });

  it('lets an address ask 60 times in ten minutes, then answers 429 with Retry-After', async () => {
    const from = address();
    for (let index = 0; index < 60; index++) {
      expect((await check({ username: `someone_${String(index)}` }, from)).statusCode).toBe(200);
    }
    const refused = await check({ username: 'one_more' }, from);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(/^Too many availability checks from your network/);
  });
});
