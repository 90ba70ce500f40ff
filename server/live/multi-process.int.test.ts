import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { LIVE_VIEWER_ENDED_CLOSE_CODE } from '#shared/schemas/live.ts';
import { TestLiveSocket } from '../test/live-socket.ts';
import { spawnServer, type SpawnedServer } from '../test/spawn-server.ts';

const databaseUrl = inject('databaseUrl');
const redisUrl = process.env.TEST_REDIS_URL;

const buses: { name: string; env: Record<string, string | undefined> }[] = [
  { name: 'PostgreSQL LISTEN/NOTIFY', env: { DATABASE_URL: databaseUrl, REDIS_URL: undefined } },
  ...(redisUrl ? [{ name: 'Redis pub/sub', env: { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl } }] : []),
];
if (!redisUrl) console.warn('TEST_REDIS_URL is not set: the two-process live test runs over PostgreSQL only.');

const servers: SpawnedServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

describe.each(buses)('two app processes on one database, events over $name', ({ env }) => {
  it('an event caused through process A reaches a client of process B; a refused topic gets nothing', async () => {
    const [a, b] = await Promise.all([
      spawnServer({ entry: 'server/test/fixtures/live-server.ts', env }),
      spawnServer({ entry: 'server/test/fixtures/live-server.ts', env }),
    ]);
    servers.push(a, b);
    expect(a.url).not.toBe(b.url);

    const room = `open${Math.random().toString(36).slice(2, 10)}`;
    const watcher = await TestLiveSocket.open(b.url, { origin: b.url });
    const intruder = await TestLiveSocket.open(b.url, { origin: b.url });
    try {
      expect(await watcher.subscribe(`room:${room}`)).toEqual({ type: 'subscribed', topic: `room:${room}` });
      expect(await intruder.subscribe('room:secret42')).toMatchObject({ type: 'error', code: 'forbidden' });

      const response = await fetch(`${a.url}/api/test-rooms/${room}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'from A' }),
      });
      expect(response.status).toBe(201);
      const secret = await fetch(`${a.url}/api/test-rooms/secret42/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'private' }),
      });
      expect(secret.status).toBe(201);

      const event = await watcher.next((m) => m.type === 'event', 10_000);
      expect(event).toMatchObject({ topic: `room:${room}`, event: 'message.created', data: { text: 'from A' } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(intruder.messages.filter((m) => m.type === 'event')).toEqual([]);
    } finally {
      watcher.close();
      intruder.close();
    }
  }, 90_000);
});

/** Processes of one site share SESSION_SECRET; each request says it comes from an address of its own. */
const siteEnv = { SESSION_SECRET: 'multi-process-secret-multi-process-secret', TRUST_PROXY: 'loopback' };
const someAddress = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

async function post(baseUrl: string, path: string, options: { cookie?: string; body?: unknown } = {}) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      origin: baseUrl,
      'x-forwarded-for': someAddress(),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

function sessionCookie(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('townhall.session_token=') && pair.length > 'townhall.session_token='.length);
  if (!cookie) throw new Error(`no session cookie (HTTP ${response.status})`);
  return cookie;
}

describe.each(buses)('sessions end on every process, over $name', ({ env }) => {
  it('sign-out, password change and reset in process A close the right sockets of process B', async () => {
    const [a, b] = await Promise.all([
      spawnServer({ entry: 'server/test/fixtures/live-server.ts', env: { ...env, ...siteEnv } }),
      spawnServer({ entry: 'server/test/fixtures/live-server.ts', env: { ...env, ...siteEnv } }),
    ]);
    servers.push(a, b);
    const suffix = randomBytes(4).toString('hex');
    const person = { email: `mp.${suffix}@example.com`, username: `mp_${suffix}`, password: 'a fine secret' };
    const signedUp = await post(a.url, '/api/accounts/sign-up', { body: person });
    expect(signedUp.status).toBe(201);
    const { user } = (await signedUp.json()) as { user: { id: string } };
    const signIn = async () =>
      sessionCookie(
        await post(a.url, '/api/accounts/sign-in', { body: { email: person.email, password: person.password } }),
      );
    const [first, second, third] = [sessionCookie(signedUp), await signIn(), await signIn()];

    const opened: TestLiveSocket[] = [];
    const watch = async (cookie: string) => {
      const socket = await TestLiveSocket.open(b.url, { origin: b.url, cookie });
      opened.push(socket);
      return socket;
    };
    const stillOpen = async (socket: TestLiveSocket) => {
      const pongs = socket.messages.filter((message) => message.type === 'pong').length;
      socket.send({ type: 'ping' });
      await socket.next(() => socket.messages.filter((message) => message.type === 'pong').length > pongs);
    };
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    try {
      const [one, two, three] = await Promise.all([watch(first), watch(second), watch(third)]);
      for (const socket of [one, two, three]) {
        expect(await socket.subscribe(`user:${user.id}`)).toMatchObject({ type: 'subscribed' });
      }

      // sign-out in A: that session's socket in B closes, the others stay
      expect((await post(a.url, '/api/accounts/sign-out', { cookie: first })).status).toBe(204);
      expect(await one.waitForClose()).toBe(LIVE_VIEWER_ENDED_CLOSE_CODE);
      await stillOpen(two);
      // a socket opened with the ended session speaks for nobody: the private topic is refused
      const late = await watch(first);
      expect(await late.subscribe(`user:${user.id}`)).toMatchObject({ type: 'error', code: 'forbidden' });

      // a password change made with the second session: the third's socket closes, its own stays
      const changed = await post(a.url, '/api/accounts/change-password', {
        cookie: second,
        body: { currentPassword: person.password, newPassword: 'a newer secret' },
      });
      expect(changed.status).toBe(204);
      expect(await three.waitForClose()).toBe(LIVE_VIEWER_ENDED_CLOSE_CODE);
      await stillOpen(two);

      // a reset ends every session, the one that changed the password too
      expect((await post(a.url, '/api/accounts/password-reset', { body: { email: person.email } })).status).toBe(204);
      const { rows } = await database.query<{ identifier: string }>(
        "select identifier from verifications where value = $1 and identifier like 'reset-password:%'",
        [user.id],
      );
      const token = rows[0]?.identifier.slice('reset-password:'.length) ?? '';
      const reset = await post(a.url, '/api/accounts/password-reset/complete', {
        body: { token, newPassword: 'a reset secret' },
      });
      expect(reset.status).toBe(204);
      expect(await two.waitForClose()).toBe(LIVE_VIEWER_ENDED_CLOSE_CODE);
    } finally {
      for (const socket of opened) socket.close();
      await database.end();
    }
  }, 90_000);
});
