import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { spawnServer, type SpawnedServer } from '../../test/spawn-server.ts';

// Two real processes of one site. Each remembers the sessions it read for a few seconds (decision
// 027); what ends a session in one process is sent on the live bus and answered only once the bus
// brought it back, so the other refuses the session at its very next request, remembered or not.
const databaseUrl = inject('databaseUrl');
const redisUrl = process.env.TEST_REDIS_URL;
const siteEnv = {
  DATABASE_URL: databaseUrl,
  SESSION_SECRET: 'across-processes-secret-across-processes',
  TRUST_PROXY: 'loopback',
};
// the events that end sessions travel on the live bus: PostgreSQL's LISTEN/NOTIFY, or Redis
const buses = [
  { name: 'PostgreSQL LISTEN/NOTIFY', env: { ...siteEnv, REDIS_URL: undefined } },
  ...(redisUrl ? [{ name: 'Redis pub/sub', env: { ...siteEnv, REDIS_URL: redisUrl } }] : []),
];
if (!redisUrl) console.warn('TEST_REDIS_URL is not set: the two-process session test runs over PostgreSQL only.');
const someAddress = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

const servers: SpawnedServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

async function call(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: { cookie?: string; body?: unknown } = {},
) {
  return fetch(`${baseUrl}${path}`, {
    method,
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

/** Who process `baseUrl` says the cookie belongs to (null: nobody), and whether a private read is let through. */
async function seenBy(baseUrl: string, cookie: string): Promise<{ userId: string | null; privateRead: number }> {
  const session = (await (await call(baseUrl, 'GET', '/api/accounts/session', { cookie })).json()) as {
    user: { id: string } | null;
  };
  const privateRead = (await call(baseUrl, 'GET', '/api/me/subscriptions', { cookie })).status;
  return { userId: session.user?.id ?? null, privateRead };
}

describe.each(buses)('a session ended in one process is refused at once by another ($name)', ({ env }) => {
  it('sign-out, password change and disabling the account', async () => {
    const [a, b] = await Promise.all([spawnServer({ env }), spawnServer({ env })]);
    servers.push(a, b);
    const suffix = randomBytes(4).toString('hex');
    const signUp = async (name: string) => {
      const person = {
        email: `${name}.${suffix}@example.com`,
        username: `${name}_${suffix}`,
        password: 'a fine secret',
      };
      const response = await call(a.url, 'POST', '/api/accounts/sign-up', { body: person });
      expect(response.status).toBe(201);
      const { user } = (await response.json()) as { user: { id: string } };
      return { ...person, id: user.id, cookie: sessionCookie(response) };
    };
    const person = await signUp('xp');
    const admin = await signUp('xpboss');
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    try {
      await database.query(`update users set role = 'admin' where id = $1`, [admin.id]);
      const signIn = async () =>
        sessionCookie(
          await call(a.url, 'POST', '/api/accounts/sign-in', {
            body: { email: person.email, password: person.password },
          }),
        );
      const [first, second, third] = [person.cookie, await signIn(), await signIn()];
      for (const cookie of [first, second, third]) {
        expect(await seenBy(b.url, cookie)).toEqual({ userId: person.id, privateRead: 200 });
      }

      // sign-out in A: B refuses that session at its next request; the others stay signed in
      expect((await call(a.url, 'POST', '/api/accounts/sign-out', { cookie: first })).status).toBe(204);
      expect(await seenBy(b.url, first)).toEqual({ userId: null, privateRead: 401 });
      expect(await seenBy(b.url, second)).toEqual({ userId: person.id, privateRead: 200 });

      // a password change made with the second session ends every other one; the browser that
      // made it goes on with the new session its answer set
      const changed = await call(a.url, 'POST', '/api/accounts/change-password', {
        cookie: second,
        body: { currentPassword: person.password, newPassword: 'a newer secret' },
      });
      expect(changed.status).toBe(204);
      const renewed = sessionCookie(changed);
      expect(await seenBy(b.url, third)).toEqual({ userId: null, privateRead: 401 });
      expect(await seenBy(b.url, renewed)).toEqual({ userId: person.id, privateRead: 200 });

      // an administrator disables the account in A: B refuses its last session at once
      const disabled = await call(a.url, 'POST', `/api/admin/users/${person.id}/disable`, { cookie: admin.cookie });
      expect(disabled.status).toBe(200);
      expect(await seenBy(b.url, renewed)).toEqual({ userId: null, privateRead: 401 });
    } finally {
      await database.end();
    }
  }, 120_000);
});
