import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { passwordHasher } from './password-hashing.ts';

// A pool of one connection: whatever holds it while a password is hashed keeps everyone else out.
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ config: { databasePoolMax: 1 } });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await app.close();
});

let counter = 0;
function newPerson() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `pool.${id}@example.com`, username: `pool_${id}`, password: 'correct horse battery' };
}

describe('sign-up and the connection pool', () => {
  it('hashes the password while no transaction holds a connection', async () => {
    const hash = passwordHasher.hash.bind(passwordHasher);
    const seen: string[] = [];
    const spy = vi.spyOn(passwordHasher, 'hash').mockImplementation(async (password) => {
      // with the pool's only connection held by a transaction, this would wait and time out
      try {
        await app.db.execute(sql`select 1`);
        seen.push('free');
      } catch (error) {
        seen.push(`held: ${String(error)}`);
      }
      return hash(password);
    });
    try {
      const response = await app.inject({ method: 'POST', url: '/api/accounts/sign-up', payload: newPerson() });
      expect(response.statusCode).toBe(201);
      expect(seen).toEqual(['free']);
    } finally {
      spy.mockRestore();
    }
  }, 30_000);

  it('answers 503 with a sentence, not 400, when no connection is free in time', async () => {
    const pool = app.db.$client;
    const held: pg.PoolClient = await pool.connect();
    try {
      const response = await app.inject({ method: 'POST', url: '/api/accounts/sign-up', payload: newPerson() });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBeDefined();
      expect(response.json()).toEqual({
        error: {
          code: 'database_unavailable',
          message: 'Townhall cannot reach its database right now. Please try again in a moment.',
        },
      });
    } finally {
      held.release();
    }
    // and once the connection is back, signing up works
    const again = await app.inject({ method: 'POST', url: '/api/accounts/sign-up', payload: newPerson() });
    expect(again.statusCode).toBe(201);
  }, 30_000);
});
