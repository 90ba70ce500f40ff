import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { buildQuestion, call, castRoles, createPost, type RoleCast } from '../../test/factories.ts';

let app: FastifyInstance;
let cast: RoleCast;
beforeAll(async () => {
  app = await buildTestApp();
  cast = await castRoles(app, { ama: true });
});
afterAll(async () => {
  await app?.close();
});

/** Waits until some backend is blocked by `pid` (a lock it holds), for at most `ms`. */
async function waitUntilBlocking(client: pg.Client, pid: number, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
      [pid],
    );
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no backend ever waited for the test transaction');
}

/**
 * A comment moves its group's lastActivityAt, so it locks the group row and its parent. Every
 * question write (answer, pin, edit, delete) and a group's deletion lock the group first: a
 * comment that locked its parent first deadlocked with a host answering that question, and
 * PostgreSQL aborted one of the two. Here the host's side is a transaction of the test, holding
 * the group row and then asking for the question, exactly as lockQuestion does.
 */
describe('a comment takes its locks in the order question writes do', () => {
  for (const parentType of ['question', 'post'] as const) {
    it(`a comment on a ${parentType} waits for a write holding the group, and neither fails`, async () => {
      const parentId =
        parentType === 'question'
          ? await buildQuestion(app, { groupId: cast.groupId, authorId: cast.subscriber.id })
          : (await createPost(app, cast.subscriber, cast.groupId)).id;
      const parentTable = parentType === 'question' ? 'questions' : 'posts';
      const host = new pg.Client({ connectionString: inject('databaseUrl') });
      await host.connect();
      try {
        await host.query('begin');
        const {
          rows: [self],
        } = await host.query<{ pid: number }>('select pg_backend_pid() as pid');
        await host.query('select id from groups where id = $1 for no key update', [cast.groupId]);
        const commenting = call(app, cast.member, 'POST', `/api/${parentType}s/${parentId}/comments`, {
          body: 'While the host answers',
        });
        await waitUntilBlocking(host, self?.pid ?? -1);
        // The host's write goes on to the parent row; it must not find it locked by the comment.
        await host.query(`select id from ${parentTable} where id = $1 for update`, [parentId]);
        await host.query('commit');
        const response = await commenting;
        expect(response.statusCode, response.body).toBe(201);
      } finally {
        await host.end();
      }
    });
  }
});
