import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { badRequest } from '../lib/errors.ts';
import { buildTestApp } from '../test/app.ts';
import { bySubject } from './rate-limit.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const stores = [{ name: 'PostgreSQL', redisUrl: undefined }, ...(redisUrl ? [{ name: 'Redis', redisUrl }] : [])];

const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

describe.each(stores)('rate limits kept in $name', ({ redisUrl: url }) => {
  it('two processes share one count', async () => {
    const [a, b] = await Promise.all([
      buildTestApp({ config: { redisUrl: url } }),
      buildTestApp({ config: { redisUrl: url } }),
    ]);
    apps.push(a, b);
    const rule = { name: 'shared-test', limit: 3, windowSeconds: 600, what: 'Too many test hits' };
    const subject = `subject-${Math.random().toString(36).slice(2)}`;
    await a.rateLimit.hit(rule, subject);
    await b.rateLimit.hit(rule, subject);
    await a.rateLimit.hit(rule, subject);
    await expect(b.rateLimit.hit(rule, subject)).rejects.toMatchObject({ statusCode: 429 });
    await expect(a.rateLimit.check(rule, subject)).rejects.toMatchObject({ statusCode: 429 });
    await expect(a.rateLimit.hit(rule, `${subject}-other`)).resolves.toBeUndefined();
  });

  it('a reservation given back in one process frees the unit for the other', async () => {
    const [a, b] = await Promise.all([
      buildTestApp({ config: { redisUrl: url } }),
      buildTestApp({ config: { redisUrl: url } }),
    ]);
    apps.push(a, b);
    const rule = { name: 'reserve-test', limit: 2, windowSeconds: 600, what: 'Too many test reservations' };
    const subject = `subject-${Math.random().toString(36).slice(2)}`;
    const outcomes = await Promise.allSettled([a, b, a, b].map((app) => app.rateLimit.reserve(rule, subject)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(2);
    const taken = outcomes.find((outcome) => outcome.status === 'fulfilled');
    if (taken?.status !== 'fulfilled') throw new Error('no reservation');
    await taken.value.release();
    await expect(b.rateLimit.reserve(rule, subject)).resolves.toBeDefined();
    await expect(a.rateLimit.reserve(rule, subject)).rejects.toMatchObject({ statusCode: 429 });
  });
});

describe('limits declared on a route', () => {
  it('are spent by the hook per address, and per account only when signed in', async () => {
    const suffix = Math.random().toString(36).slice(2);
    const perAddressRule = { name: `declared-address-${suffix}`, limit: 2, windowSeconds: 600, what: 'Too many pings' };
    const perAccountRule = { name: `declared-account-${suffix}`, limit: 1, windowSeconds: 600, what: 'Too many' };
    let handled = 0;
    const app = await buildTestApp({
      plugins: [
        async (scope) => {
          scope.post(
            '/api/test/declared-limit',
            {
              config: {
                rateLimit: [
                  { rule: perAddressRule, by: 'address' },
                  { rule: perAccountRule, by: 'account' },
                ],
              },
            },
            async () => {
              handled += 1;
              return { ok: true };
            },
          );
        },
      ],
    });
    apps.push(app);
    const ping = (remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/test/declared-limit', remoteAddress, payload: {} });
    // signed out: the account rule (limit 1) does not apply, the address rule (limit 2) does
    expect((await ping('10.91.0.1')).statusCode).toBe(200);
    expect((await ping('10.91.0.1')).statusCode).toBe(200);
    const refused = await ping('10.91.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toEqual({
      error: { code: 'too_many_requests', message: expect.stringMatching(/^Too many pings\. Please try again in /) },
    });
    // another address has its own budget; the handler never ran for the refused one
    expect((await ping('10.91.0.2')).statusCode).toBe(200);
    expect(handled).toBe(3);
  });

  it('count a subject read from the input, and only once the input is valid', async () => {
    const suffix = Math.random().toString(36).slice(2);
    const perInbox = { name: `declared-inbox-${suffix}`, limit: 1, windowSeconds: 600, what: 'Too many links' };
    const app = await buildTestApp({
      plugins: [
        async (scope) => {
          scope.post(
            '/api/test/declared-subject',
            {
              schema: { body: z.strictObject({ email: z.string().max(50) }) },
              attachValidation: true,
              config: { rateLimit: [bySubject(perInbox, (request) => (request.body as { email: string }).email)] },
            },
            async (request) => {
              if (request.validationError) throw badRequest('Not an e-mail.');
              return { ok: true };
            },
          );
        },
      ],
    });
    apps.push(app);
    const send = (email: unknown, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/test/declared-subject', remoteAddress, payload: { email } });
    // refused input spends nothing, however often it comes
    for (let i = 0; i < 3; i += 1) expect((await send(42, '10.92.0.1')).statusCode).toBe(400);
    expect((await send('a@example.com', '10.92.0.1')).statusCode).toBe(200);
    // the same inbox from another address: refused; another inbox: its own budget
    expect((await send('a@example.com', '10.92.0.2')).statusCode).toBe(429);
    expect((await send('b@example.com', '10.92.0.2')).statusCode).toBe(200);
  });
});
