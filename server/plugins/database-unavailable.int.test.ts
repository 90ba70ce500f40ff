import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL_CHECKOUT_TIMEOUT_MS } from '../db/client.ts';
import { buildTestApp } from '../test/app.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from './errors.ts';

// A pool of one connection, held by the test: every request then waits for a checkout that
// cannot come, as in a burst larger than the pool. It must end in a 503 with Retry-After
// after the short checkout timeout, not in a 500 after a long hang.
let app: FastifyInstance;
let held: pg.PoolClient | undefined;

beforeAll(async () => {
  app = await buildTestApp({ config: { databasePoolMax: 1 } });
});
afterAll(async () => {
  held?.release();
  await app.close();
});

describe('a request that finds no free database connection', () => {
  it('answers 503 with Retry-After and a sentence once the checkout times out, and 200 when one is free again', async () => {
    expect(POOL_CHECKOUT_TIMEOUT_MS).toBeLessThanOrEqual(3_000);
    held = await app.db.$client.connect();

    const refused = await app.inject({ method: 'GET', url: '/api/groups' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(refused.json()).toEqual({
      error: {
        code: 'database_unavailable',
        message: 'Townhall cannot reach its database right now. Please try again in a moment.',
      },
    });

    // the readiness probe gives up on its own, sooner, and says so the same way
    const notReady = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(notReady.json()).toEqual({ status: 'unavailable', database: 'down' });

    held.release();
    held = undefined;
    expect((await app.inject({ method: 'GET', url: '/api/groups' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});
