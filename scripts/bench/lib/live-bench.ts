// What the live benchmarks share besides their sockets (lib/live-sockets.ts): a throw-away
// database, the real API as a person calls it, and the writes whose events they watch.
import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { BenchError } from './bench-server.ts';
import { cleanups, serverUrl, withServerClient } from './bench-kit.ts';
import { eventKey, now, type FanoutTarget } from './live-sockets.ts';

/** A URL without its password, for printing. */
export function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

interface BenchDatabase {
  url: string;
  name: string;
  version: string;
}

/**
 * Database `name` on the bench's PostgreSQL server: `prepare` runs first on the server's
 * maintenance database (create it, or check that it is there); `onCleanup` runs at the end.
 */
async function benchDatabase(
  name: string,
  prepare: (client: pg.Client) => Promise<void>,
  onCleanup: (admin: string, url: string) => Promise<void>,
): Promise<BenchDatabase> {
  const admin = new URL(serverUrl());
  admin.pathname = '/postgres';
  const version = await withServerClient(admin.toString(), async (client) => {
    await prepare(client);
    const result = await client.query<{ server_version: string }>('show server_version');
    return result.rows[0]?.server_version ?? '?';
  });
  const url = new URL(admin);
  url.pathname = `/${name}`;
  cleanups.push(() => onCleanup(admin.toString(), url.toString()));
  return { url: url.toString(), name, version };
}

/** A fresh database `<prefix>_<random>` on the bench's PostgreSQL server, dropped on cleanup unless `keep`. */
export async function createBenchDatabase(prefix: string, keep: boolean): Promise<BenchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  return benchDatabase(
    name,
    async (client) => {
      await client.query(`create database "${name}"`);
    },
    async (admin, url) => {
      if (keep) console.log(`\nKept the database (--keep): ${redact(url)}`);
      else await withServerClient(admin, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  );
}

/**
 * A bench database an earlier run kept (--keep), by name, on the same server; it is kept again.
 * Only the names bench runs give their databases are accepted.
 */
export async function reuseBenchDatabase(name: string): Promise<BenchDatabase> {
  if (!/^townhall_[a-z_]+_bench_[a-z0-9_]+$/.test(name)) {
    throw new BenchError(`--reuse takes the name of a database an earlier run kept, such as townhall_reads_bench_…`);
  }
  return benchDatabase(
    name,
    async (client) => {
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) throw new BenchError(`There is no database ${name} on the bench's PostgreSQL server.`);
    },
    async (_admin, url) => console.log(`\nKept the database (--reuse): ${redact(url)}`),
  );
}

export interface Person {
  id: string;
  username: string;
  /** The session cookie (name=value pairs). */
  cookie: string;
}

/** The real HTTP API, called as a browser would (Origin on writes, the session cookie, an address). */
export class BenchApi {
  readonly baseUrl: string;
  #addresses = 0;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async call(
    person: Person | null,
    method: string,
    route: string,
    body?: unknown,
  ): Promise<{ status: number; json: Record<string, unknown> }> {
    const response = await fetch(`${this.baseUrl}${route}`, {
      method,
      headers: {
        origin: this.baseUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(person ? { cookie: person.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  /** `call`, and a BenchError unless the status is `expected`. */
  async expect(
    expected: number,
    person: Person | null,
    method: string,
    route: string,
    body?: unknown,
  ): Promise<Record<string, unknown>> {
    const answer = await this.call(person, method, route, body);
    if (answer.status !== expected) {
      throw new BenchError(`${method} ${route} answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    }
    return answer.json;
  }

  /** Signs a person up (each from an address of its own, under the per-address sign-up limit). */
  async signUp(username: string): Promise<Person> {
    const address = ++this.#addresses;
    const response = await fetch(`${this.baseUrl}/api/accounts/sign-up`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: this.baseUrl,
        'x-forwarded-for': `198.18.${Math.floor(address / 250)}.${(address % 250) + 1}`,
      },
      body: JSON.stringify({
        email: `${username}@bench.example`,
        username,
        password: `bench person ${randomBytes(8).toString('hex')}`,
      }),
    });
    const body = (await response.json()) as { user?: { id?: string } };
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .filter(Boolean)
      .join('; ');
    if (response.status !== 201 || !body.user?.id || !cookie) {
      throw new BenchError(`signing up ${username} failed: ${response.status} ${JSON.stringify(body)}`);
    }
    return { id: body.user.id, username, cookie };
  }
}

/** Runs `task` on every item, `concurrency` at a time. */
export async function eachLimited<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index] as T, index);
      }
    }),
  );
}

/** Questions an asker may ask an hour (the question rule's limit, less a margin). */
const QUESTIONS_PER_ASKER = 25;

/**
 * Real writes in an ama group, alternately a question (POST /api/groups/:groupId/questions, askers
 * in turn) and a vote on it (PUT /api/likes/question/:id): each broadcasts `question.created` or
 * `like.changed` to the group's topic. Returns the key of the event it caused.
 */
export function questionAndVoteWriter(options: {
  api: BenchApi;
  groupId: string;
  askers: Person[];
  voter: Person;
}): (index: number) => Promise<{ key: string; sentAt: number; answeredAt: number }> {
  const { api, groupId, askers, voter } = options;
  let questionCount = 0;
  let lastQuestionId = '';
  return async (index) => {
    const isQuestion = Math.abs(index) % 2 === 0 || !lastQuestionId;
    const sentAt = now();
    if (isQuestion) {
      const asker = askers[Math.floor(questionCount / QUESTIONS_PER_ASKER)];
      if (!asker) throw new BenchError(`more than ${askers.length * QUESTIONS_PER_ASKER} questions: add askers`);
      questionCount++;
      const answer = await api.call(asker, 'POST', `/api/groups/${groupId}/questions`, {
        body: `Bench question ${questionCount}: how does the live channel hold up with many viewers?`,
      });
      const answeredAt = now();
      const id = (answer.json.question as { id?: string } | undefined)?.id;
      if (answer.status !== 201 || !id)
        throw new BenchError(`asking failed: ${answer.status} ${JSON.stringify(answer.json)}`);
      lastQuestionId = id;
      return { key: `q:${id}`, sentAt, answeredAt };
    }
    const answer = await api.call(voter, 'PUT', `/api/likes/question/${lastQuestionId}`);
    const answeredAt = now();
    if (answer.status !== 200 || typeof answer.json.likeCount !== 'number') {
      throw new BenchError(`voting failed: ${answer.status} ${JSON.stringify(answer.json)}`);
    }
    return { key: `v:${lastQuestionId}:${answer.json.likeCount}`, sentAt, answeredAt };
  };
}

/** Askers needed for `questions` questions within the hour. */
export const askersFor = (questions: number) => Math.max(1, Math.ceil(questions / QUESTIONS_PER_ASKER));

/** The bare ws server's side of the same writes: the same events, posted to it to broadcast. */
export function bareTarget(options: {
  url: string;
  wsUrl: string;
  pid: number | undefined;
  topic: string;
  groupId: string;
}): FanoutTarget {
  const { url, topic, groupId } = options;
  let question = '';
  return {
    system: 'bare ws',
    wsUrl: options.wsUrl,
    origin: url,
    topic,
    pid: options.pid,
    async write(index) {
      const isQuestion = Math.abs(index) % 2 === 0 || !question;
      if (isQuestion) question = randomUUID();
      const event = isQuestion
        ? { topic, event: 'question.created', ids: { groupId, questionId: question }, data: { status: 'open' } }
        : { topic, event: 'like.changed', ids: { targetId: question }, data: { targetType: 'question', likeCount: 1 } };
      const sentAt = now();
      const response = await fetch(`${url}/broadcast`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(event),
      });
      const answeredAt = now();
      await response.arrayBuffer();
      if (response.status !== 200) throw new BenchError(`the bare ws server answered ${response.status}`);
      return { key: eventKey(event), sentAt, answeredAt };
    },
  };
}
