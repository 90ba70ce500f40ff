import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { TestLiveSocket } from './test/live-socket.ts';
import { spawnServer, type SpawnedServer } from './test/spawn-server.ts';
import { makeTempDir } from './test/test-database.ts';

// On the embedded project each process starts the embedded PostgreSQL of its data directory, as
// `npm start` does: there the database must outlive the requests under way, whoever signals.
const kind = inject('databaseKind');
const env = {
  DATABASE_URL: kind === 'external' ? inject('databaseUrl') : undefined,
  REDIS_URL: undefined,
  SESSION_SECRET: 'graceful-shutdown-secret-graceful-shutdown',
  TRUST_PROXY: 'loopback',
};

const started: SpawnedServer[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** WebSocket close code 1001: the server is going away; clients reconnect. */
const GOING_AWAY = 1001;

const someAddress = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

async function post(baseUrl: string, path: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      origin: baseUrl,
      'x-forwarded-for': someAddress(),
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

async function signUp(baseUrl: string, prefix: string): Promise<string> {
  const suffix = randomBytes(4).toString('hex');
  const response = await post(baseUrl, '/api/accounts/sign-up', {
    email: `${prefix}.${suffix}@example.com`,
    username: `${prefix}_${suffix}`,
    password: 'a fine secret',
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => /^(__Secure-)?townhall\.session_token=./.test(pair));
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

/** Every open question's id, read through the API (all pages). */
async function questionIds(baseUrl: string, groupId: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | null = null;
  do {
    const query: string = `sort=new&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await fetch(`${baseUrl}/api/groups/${groupId}/questions?${query}`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as { questions: { id: string }[]; nextCursor: string | null };
    for (const question of page.questions) ids.add(question.id);
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

/**
 * A question whose request is under way when the test wants it: the headers and half the body
 * are sent now, the rest when `finish()` is called. Resolves with the status and body.
 */
function slowAsk(baseUrl: string, groupId: string, cookie: string) {
  const body = Buffer.from(JSON.stringify({ body: 'Asked while the server was stopping' }));
  const url = new URL(`/api/groups/${groupId}/questions`, baseUrl);
  let request!: http.ClientRequest;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          origin: baseUrl,
          cookie,
          'x-forwarded-for': someAddress(),
          'content-type': 'application/json',
          'content-length': String(body.length),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
  });
  request.write(body.subarray(0, 10));
  return {
    answer,
    finish: () => request.end(body.subarray(10)),
  };
}

interface Burst {
  acknowledged: string[];
  /** Statuses other than 201 and 503, with their bodies. */
  unexpected: string[];
  done: Promise<void>;
}

/** `askers` ask questions one after another until the server stops answering. */
function writeBurst(baseUrl: string, groupId: string, askers: string[]): Burst {
  const burst: Burst = { acknowledged: [], unexpected: [], done: Promise.resolve() };
  burst.done = Promise.all(
    askers.map(async (cookie, asker) => {
      for (let n = 0; n < 25; n++) {
        let response: Response;
        try {
          response = await post(
            baseUrl,
            `/api/groups/${groupId}/questions`,
            { body: `Asker ${asker}, question ${n}` },
            cookie,
          );
        } catch {
          return; // the server no longer takes connections
        }
        if (response.status === 201) {
          burst.acknowledged.push(((await response.json()) as { question: { id: string } }).question.id);
        } else {
          const text = await response.text();
          if (response.status === 503) return;
          burst.unexpected.push(`${response.status} ${text}`);
        }
      }
    }),
  ).then(() => undefined);
  return burst;
}

async function waitForExit(server: SpawnedServer, timeoutMs = 40_000): Promise<number | null> {
  if (server.process.exitCode !== null) return server.process.exitCode;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not exit in time:\n${server.output()}`)), timeoutMs);
    server.process.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

describe(`stopping a server process (${kind} database)`, () => {
  for (const how of ['SIGTERM to the process', "SIGINT to the terminal's process group"] as const) {
    it(`${how} during a write burst and a broadcast: requests under way finish, viewers get 1001, nothing acknowledged is lost, exit 0`, async () => {
      const dataDir = makeTempDir('townhall-test-stop-');
      dirs.push(dataDir);
      const first = await spawnServer({ dataDir, env, ownProcessGroup: true });
      started.push(first);
      const base = first.url;

      const host = await signUp(base, 'gh');
      const askers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => signUp(base, 'ga')));
      const created = await post(
        base,
        '/api/groups',
        { name: 'Stopping', slug: `stop-${randomBytes(4).toString('hex')}`, ama: true },
        host,
      );
      expect(created.status, await created.clone().text()).toBe(201);
      const groupId = ((await created.json()) as { group: { id: string } }).group.id;

      for (const asker of askers) {
        const subscribed = await fetch(`${base}/api/groups/${groupId}/subscription`, {
          method: 'PUT',
          headers: { origin: base, cookie: asker, 'x-forwarded-for': someAddress() },
        });
        expect(subscribed.status).toBe(200);
      }

      const viewers = await Promise.all([1, 2, 3].map(() => TestLiveSocket.open(base, { origin: base })));
      for (const viewer of viewers)
        expect(await viewer.subscribe(`group:${groupId}`)).toMatchObject({ type: 'subscribed' });

      const burst = writeBurst(base, groupId, askers);
      await expect
        .poll(() => (burst.unexpected.length > 0 ? burst.unexpected : burst.acknowledged.length), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(6);
      // a broadcast is on its way to every viewer when the signal comes
      await viewers[0]?.next((message) => message.type === 'event', 10_000);
      const slow = slowAsk(base, groupId, host);
      await new Promise((resolve) => setTimeout(resolve, 100));

      const pid = first.process.pid ?? 0;
      if (how === 'SIGTERM to the process') process.kill(pid, 'SIGTERM');
      else process.kill(-pid, 'SIGINT');

      // the request under way is finished (the database still there), then the viewers are sent away
      await new Promise((resolve) => setTimeout(resolve, 500));
      slow.finish();
      const slowAnswer = await slow.answer;
      expect(slowAnswer.status, slowAnswer.body).toBe(201);
      for (const viewer of viewers) expect(await viewer.waitForClose(15_000)).toBe(GOING_AWAY);
      await burst.done;
      expect(await waitForExit(first), first.output()).toBe(0);
      expect(burst.unexpected).toEqual([]);
      expect(first.output()).not.toMatch(/"level":50|the shutdown took too long|terminating connection/);
      if (kind === 'embedded') {
        expect(fs.existsSync(`${dataDir}/postgres/postmaster.pid`)).toBe(false);
        expect(first.output()).not.toContain('was shut down from outside');
      }

      // started again, each viewer reconnects and reads again what it may have missed
      const again = await spawnServer({ dataDir, env });
      started.push(again);
      const acknowledged = [
        ...burst.acknowledged,
        (JSON.parse(slowAnswer.body) as { question: { id: string } }).question.id,
      ];
      const reconnected = await Promise.all(viewers.map(() => TestLiveSocket.open(again.url, { origin: again.url })));
      for (const viewer of reconnected) {
        expect(await viewer.subscribe(`group:${groupId}`)).toMatchObject({ type: 'subscribed' });
        const seen = await questionIds(again.url, groupId);
        expect(acknowledged.filter((id) => !seen.has(id))).toEqual([]);
        viewer.close();
      }
    }, 150_000);
  }
});
