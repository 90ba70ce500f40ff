import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';

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
});
