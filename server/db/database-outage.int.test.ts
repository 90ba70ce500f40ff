import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadOrCreateSecrets } from '../lib/data-dir.ts';
import { guardClientErrors } from './client.ts';
import { freePort } from './embedded.ts';
import { makeTempDir } from '../test/test-database.ts';
import { spawnServer, type SpawnedServer } from '../test/spawn-server.ts';
import { PrivatePostgres } from '../test/private-postgres.ts';
import { TestLiveSocket } from '../test/live-socket.ts';

// The database server dies under a Townhall process that is taking writes. The embedded
// project kills the process's own embedded PostgreSQL (the app restarts it); the external
// project kills and restarts a private PostgreSQL 15 started for this test — never the
// machine's shared server, which other tests use.
const kind = inject('databaseKind');
// With Redis (CI sets TEST_REDIS_URL and has redis-server), a private Redis is killed as well.
const hasRedis = Boolean(process.env.TEST_REDIS_URL);

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 100 ms until it holds; fails with `what` after `ms` (a bound, not a measurement). */
async function until(what: string, check: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(100);
  }
}

/** HTTP against a spawned process, as a browser of its own origin would call it. */
function client(url: string) {
  return async (method: string, route: string, options: { cookie?: string; body?: unknown } = {}) =>
    fetch(`${url}${route}`, {
      method,
      headers: {
        origin: url,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
}

interface Author {
  cookie: string;
  groupId: string;
  postId: string;
}

/** Signs `count` people up, each with a group and a post to comment on. */
async function authors(url: string, count: number): Promise<Author[]> {
  const api = client(url);
  const result: Author[] = [];
  for (let index = 0; index < count; index += 1) {
    const name = `writer${index}${Math.random().toString(36).slice(2, 8)}`;
    const signUp = await api('POST', '/api/accounts/sign-up', {
      body: { email: `${name}@example.com`, username: name, password: 'a fine secret' },
    });
    expect(signUp.status, await signUp.clone().text()).toBe(201);
    const cookie = signUp.headers
      .getSetCookie()
      .map((header) => header.split(';')[0] ?? '')
      .find((pair) => pair.startsWith('townhall.session_token='));
    if (!cookie) throw new Error('no session cookie after sign-up');
    const group = await api('POST', '/api/groups', { cookie, body: { name: 'Outage group', slug: `outage-${name}` } });
    expect(group.status).toBe(201);
    const groupId = ((await group.json()) as { group: { id: string } }).group.id;
    const post = await api('POST', `/api/groups/${groupId}/posts`, { cookie, body: { body: 'Comment below.' } });
    expect(post.status).toBe(201);
    result.push({ cookie, groupId, postId: ((await post.json()) as { post: { id: string } }).post.id });
  }
  return result;
}

/** One author commenting on their post in a loop; remembers every comment the server acknowledged. */
class Writer {
  readonly acknowledged: string[] = [];
  readonly statuses: number[] = [];
  readonly refusals: { status: number; retryAfter: string | null; body: string }[] = [];
  readonly failures: string[] = [];
  #isRunning = true;
  readonly #done: Promise<void>;

  constructor(url: string, author: Author) {
    const api = client(url);
    this.#done = (async () => {
      for (let index = 0; this.#isRunning; index += 1) {
        try {
          const response = await api('POST', `/api/posts/${author.postId}/comments`, {
            cookie: author.cookie,
            body: { body: `comment ${index}` },
          });
          this.statuses.push(response.status);
          if (response.status === 201) {
            this.acknowledged.push(((await response.json()) as { comment: { id: string } }).comment.id);
          } else {
            this.refusals.push({
              status: response.status,
              retryAfter: response.headers.get('retry-after'),
              body: await response.text(),
            });
          }
        } catch (error) {
          // Townhall itself did not answer: what this test is about
          this.failures.push(String(error));
        }
        await sleep(25);
      }
    })();
  }

  async stop(): Promise<void> {
    this.#isRunning = false;
    await this.#done;
  }
}

/** Every comment id of a post, through the API, page by page. */
async function commentIds(url: string, author: Author): Promise<Set<string>> {
  const api = client(url);
  const ids = new Set<string>();
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const response = await api('GET', `/api/posts/${author.postId}/comments${query}`, { cookie: author.cookie });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { comments: { id: string }[]; nextCursor: string | null };
    for (const comment of page.comments) ids.add(comment.id);
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

const DATABASE_UNAVAILABLE = {
  error: {
    code: 'database_unavailable',
    message: 'Townhall cannot reach its database right now. Please try again in a moment.',
  },
};

/**
 * Writes from three authors; `kill` takes the database down, `whileDown` runs checks during
 * the outage and brings it back if the app does not do so itself. Then: Townhall never stopped,
 * answered only 201 or 503 (with Retry-After and a sentence), recovered, and lost no
 * acknowledged write.
 */
async function survivesOutage(
  server: SpawnedServer,
  steps: {
    /** The database Townhall uses, for a connection of the test's own. */
    databaseUrl: string;
    kill: () => Promise<void>;
    whileDown: (writers: Writer[]) => Promise<void>;
  },
): Promise<void> {
  const call = client(server.url);
  // a process that died would only say "fetch failed"; say what it printed instead
  const api: typeof call = (...args) =>
    call(...args).catch((error: unknown) => {
      throw new Error(`Townhall is not answering (exit ${server.process.exitCode}):\n${server.output().slice(-4000)}`, {
        cause: error,
      });
    });
  const cast = await authors(server.url, 3);
  const writers = cast.map((author) => new Writer(server.url, author));
  const blocker = new pg.Client({ connectionString: steps.databaseUrl, application_name: 'outage-test' });
  guardClientErrors(blocker); // the kill ends this connection too
  try {
    await until('every writer wrote', () => writers.every((writer) => writer.acknowledged.length >= 3));

    // Every writer's transaction waits on a lock when the server dies, so connections are
    // surely checked out of the pool, in a transaction, at that moment (an unguarded one
    // ended the process). Without this the kill would meet them only by chance.
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table comments in share mode');
    await until('every writer waits on the lock', async () => {
      // inside a transaction pg_stat_activity stays as first read, unless asked afresh
      await blocker.query('select pg_stat_clear_snapshot()');
      const waiting = await blocker.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where application_name = 'townhall' and wait_event_type = 'Lock'",
      );
      return (waiting.rows[0]?.n ?? 0) >= writers.length;
    }).catch((error: unknown) => {
      throw new Error(
        `${String(error)}; writers answered ${writers.map((writer) => writer.statuses.join(',')).join(' | ')}`,
      );
    });

    await steps.kill();
    // the readiness probe says so at once (the first probe may still meet a backend that is on its way out)
    let ready = await api('GET', '/api/ready');
    await until('the readiness probe says the database is down', async () => {
      if (ready.status === 503) return true;
      ready = await api('GET', '/api/ready');
      return false;
    });
    expect(ready.headers.get('retry-after')).toBe('5');
    expect(await ready.json()).toEqual({ status: 'unavailable', database: 'down' });
    await steps.whileDown(writers);

    await until('the database is back', async () => (await api('GET', '/api/ready')).status === 200);
    const counts = writers.map((writer) => writer.acknowledged.length);
    await until('every writer wrote again', () =>
      writers.every((writer, index) => writer.acknowledged.length >= (counts[index] ?? 0) + 3),
    );
  } finally {
    await Promise.all(writers.map((writer) => writer.stop()));
    await blocker.end().catch(() => undefined);
  }

  expect(server.process.exitCode, server.output()).toBeNull();
  expect(server.process.signalCode).toBeNull();
  for (const writer of writers) {
    expect(writer.failures).toEqual([]);
    expect(new Set(writer.statuses)).toEqual(new Set([201, 503]));
    for (const refusal of writer.refusals) {
      expect(refusal.status).toBe(503);
      expect(refusal.retryAfter).toBe('5');
      expect(JSON.parse(refusal.body)).toEqual(DATABASE_UNAVAILABLE);
    }
  }

  // the live channel listens again: a new comment's event reaches a watcher (the listener
  // reconnects with backoff, so a comment made before it is back goes unheard: comment again)
  const [first] = cast;
  if (!first) throw new Error('no author');
  const watcher = await TestLiveSocket.open(server.url, { origin: server.url });
  try {
    expect(await watcher.subscribe(`group:${first.groupId}`)).toMatchObject({ type: 'subscribed' });
    await until('a live event arrives', async () => {
      const response = await api('POST', `/api/posts/${first.postId}/comments`, {
        cookie: first.cookie,
        body: { body: 'heard live?' },
      });
      expect(response.status).toBe(201);
      const { id } = ((await response.json()) as { comment: { id: string } }).comment;
      writers[0]?.acknowledged.push(id);
      return watcher
        .next((message) => message.type === 'event' && message.ids.commentId === id, 1_000)
        .then(() => true)
        .catch(() => false);
    });
  } finally {
    watcher.close();
  }

  // the job queues resumed too: a welcome e-mail queued now is taken by the mail worker (no
  // SMTP server here, so it is kept as 'stored'); the first account is the administrator
  const latecomer = `late${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signUp = await api('POST', '/api/accounts/sign-up', {
    body: { email: latecomer, username: latecomer.split('@')[0], password: 'a fine secret' },
  });
  expect(signUp.status).toBe(201);
  await until('the mail worker took the new welcome e-mail', async () => {
    const outbox = await api('GET', `/api/admin/mail?q=${encodeURIComponent(latecomer)}`, { cookie: first.cookie });
    expect(outbox.status).toBe(200);
    const { messages } = (await outbox.json()) as { messages: { status: string }[] };
    return messages.length > 0 && messages.every((message) => message.status === 'stored');
  });

  for (const [index, author] of cast.entries()) {
    const stored = await commentIds(server.url, author);
    const acknowledged = writers[index]?.acknowledged ?? [];
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  }
  expect(server.output()).not.toMatch(/Unhandled 'error' event|uncaught|unhandledRejection/i);
}

/** A read during the outage: 503 with the sentence, like the writes. */
async function expectReadRefused(server: SpawnedServer): Promise<void> {
  const response = await fetch(`${server.url}/api/groups`);
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(await response.json()).toEqual(DATABASE_UNAVAILABLE);
}

/** A Redis server of the test's own (the machine's is shared), without persistence. */
async function privateRedis(port: number) {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Ready to accept connections')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${log}`)));
  });
  return {
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

describe(`the database server dies under writes (${kind} database)`, () => {
  if (kind === 'embedded' && hasRedis) {
    it('Redis (rate limits and live events) killed and started again: Townhall stays up, answers 503, recovers and loses no write', async () => {
      const port = await freePort();
      let redis = await privateRedis(port);
      cleanups.push(() => redis.kill());
      const server = await spawnServer({
        env: { DATABASE_URL: undefined, REDIS_URL: `redis://127.0.0.1:${port}` },
      });
      cleanups.push(() => server.stop());
      const api = client(server.url);
      const [author] = await authors(server.url, 1);
      if (!author) throw new Error('no author');
      const comment = () =>
        api('POST', `/api/posts/${author.postId}/comments`, { cookie: author.cookie, body: { body: 'hi' } });
      const acknowledged: string[] = [];
      const remember = async (response: Response) => {
        expect(response.status).toBe(201);
        acknowledged.push(((await response.json()) as { comment: { id: string } }).comment.id);
      };
      await remember(await comment());

      await redis.kill();
      // the rate limit cannot be counted: the write is refused with the 503 and its sentence
      const refused = await comment();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await refused.json()).toEqual(DATABASE_UNAVAILABLE);
      // what needs no Redis still works
      expect((await api('GET', '/api/ready')).status).toBe(200);

      redis = await privateRedis(port);
      await until('writes are taken again', async () => {
        const response = await comment();
        if (response.status === 503) return false;
        await remember(response);
        return true;
      });
      expect(server.process.exitCode, server.output()).toBeNull();
      const stored = await commentIds(server.url, author);
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    }, 120_000);
  }

  if (kind === 'embedded') {
    it('kill -9 of the embedded postmaster: Townhall stays up, answers 503, restarts it and loses no write', async () => {
      const dataDir = makeTempDir('townhall-test-outage-');
      const server = await spawnServer({ dataDir, env: { DATABASE_URL: undefined, REDIS_URL: undefined } });
      cleanups.push(
        () => server.stop(),
        async () => fs.rmSync(dataDir, { recursive: true, force: true }),
      );
      const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
      const postmaster = () => Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
      const killed = postmaster();
      const port = fs.readFileSync(pidFile, 'utf8').split('\n')[3];
      const password = encodeURIComponent(loadOrCreateSecrets(dataDir).postgresPassword);

      await survivesOutage(server, {
        databaseUrl: `postgres://townhall:${password}@127.0.0.1:${port}/townhall`,
        kill: async () => {
          process.kill(killed, 'SIGKILL');
          await until('the postmaster is gone', () => {
            try {
              process.kill(killed, 0);
              return false;
            } catch {
              return true;
            }
          });
        },
        // nobody but Townhall brings it back
        whileDown: async () => {
          await expectReadRefused(server);
        },
      });
      expect(server.output()).toContain('the embedded PostgreSQL server stopped unexpectedly; restarting it');
      expect(server.output()).toContain('embedded PostgreSQL server restarted');
      expect(postmaster()).not.toBe(killed);

      // it still stops cleanly, the restarted server with it
      expect(await server.stop()).toBe(0);
      expect(fs.existsSync(pidFile)).toBe(false);
    }, 120_000);
  } else {
    it('an external PostgreSQL that is shut down and started again: Townhall stays up, answers 503, recovers and loses no write', async () => {
      const database = await PrivatePostgres.create();
      cleanups.push(() => database.destroy());
      const server = await spawnServer({ env: { DATABASE_URL: database.url(), REDIS_URL: undefined } });
      cleanups.push(() => server.stop());

      await survivesOutage(server, {
        databaseUrl: database.url(),
        // what `systemctl restart postgresql` does: a fast shutdown ends every session (57P01)
        kill: () => database.kill('SIGINT'),
        whileDown: async (writers) => {
          await expectReadRefused(server);
          const refused = writers.map((writer) => writer.refusals.length);
          await until('every writer was refused while the database is down', () =>
            writers.every((writer, index) => writer.refusals.length > (refused[index] ?? 0)),
          );
          await database.start();
        },
      });
      expect(await server.stop()).toBe(0);
    }, 120_000);

    it('at start, waits for an external PostgreSQL that is not up yet', async () => {
      const database = await PrivatePostgres.create();
      cleanups.push(() => database.destroy());
      await database.kill('SIGINT');
      let isWaiting = false;
      const spawning = spawnServer({
        env: { DATABASE_URL: database.url(), REDIS_URL: undefined },
        onOutput: (output) => {
          isWaiting ||= output.includes('waiting for the database');
        },
      });
      spawning.catch(() => undefined); // awaited below
      await until('Townhall waits for its database', () => isWaiting);
      await database.start();
      const server = await spawning;
      cleanups.push(() => server.stop());
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
      expect(server.output()).toContain('the database answers');
    }, 120_000);

    it('an external PostgreSQL killed with -9 and started again: the same', async () => {
      const database = await PrivatePostgres.create();
      cleanups.push(() => database.destroy());
      const server = await spawnServer({ env: { DATABASE_URL: database.url(), REDIS_URL: undefined } });
      cleanups.push(() => server.stop());

      await survivesOutage(server, {
        databaseUrl: database.url(),
        kill: () => database.kill('SIGKILL'),
        whileDown: async () => {
          await expectReadRefused(server);
          await database.start();
        },
      });
      expect(await server.stop()).toBe(0);
    }, 120_000);
  }
});
