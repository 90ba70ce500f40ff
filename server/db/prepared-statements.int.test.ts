import { sql } from 'drizzle-orm';
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

describe('statements the app repeats', () => {
  it('are prepared on their connection from their second run, and give the same answers', async () => {
    const marker = `prepared_${Math.random().toString(36).slice(2, 10)}`;
    const prepared = await app.db.transaction(async (tx) => {
      const answers: unknown[] = [];
      for (const value of [1, 2, 3]) {
        const rows = await tx.execute(sql`select ${value}::int + 1 as next, ${marker}::text as marker`);
        answers.push(rows.rows[0]);
      }
      expect(answers).toEqual([2, 3, 4].map((next) => ({ next, marker })));
      const found = await tx.execute<{ name: string; statement: string }>(
        sql`select name, statement from pg_prepared_statements where statement like ${`%${'::int + 1 as next'}%`}`,
      );
      return found.rows;
    });
    expect(prepared).toHaveLength(1);
    expect(prepared[0]?.name).toMatch(/^townhall_\d+$/);
  });
});
