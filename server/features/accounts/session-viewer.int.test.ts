import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './auth.ts';

let app: FastifyInstance;
let secureApp: FastifyInstance;
beforeAll(async () => {
  [app, secureApp] = await Promise.all([
    buildTestApp(),
    buildTestApp({ config: { publicUrl: 'https://townhall.test' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([app.close(), secureApp.close()]);
});

let counter = 0;
async function signUp(on: FastifyInstance = app) {
  counter += 1;
  const id = `${Date.now().toString(36)}sv${counter}`;
  const response = await on.inject({
    method: 'POST',
    url: '/api/accounts/sign-up',
    payload: { email: `sv.${id}@example.com`, username: `sv_${id}`, password: 'correct horse battery' },
    remoteAddress: `10.9.${counter % 250}.${(counter * 7) % 250}`,
    headers: on === secureApp ? { origin: 'https://townhall.test' } : {},
  });
  expect(response.statusCode).toBe(201);
  const cookie = response.cookies.find((item) => item.name.endsWith('townhall.session_token'));
  if (!cookie) throw new Error('no session cookie');
  const userId = (response.json() as { user: { id: string } }).user.id;
  return {
    userId,
    cookie: `${cookie.name}=${cookie.value}`,
    token: decodeURIComponent(cookie.value).split('.')[0] ?? '',
  };
}

async function viewerOf(cookie: string, on: FastifyInstance = app): Promise<string | null> {
  const response = await on.inject({ method: 'GET', url: '/api/accounts/session', headers: { cookie } });
  return (response.json() as { user: { id: string } | null }).user?.id ?? null;
}

/**
 * How many times the session lookup (its prepared statement) is sent while the app answers one
 * GET of the unread count. Only that statement is counted: other work of the process (job
 * queues, the live bus, the other app of this file) sends statements at any moment.
 */
async function sessionLookupsOf(headers: Record<string, string>): Promise<number> {
  const original = pg.Client.prototype.query;
  let count = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args as [{ name?: unknown; text?: unknown } | string | undefined];
    if (typeof config === 'object' && config?.name === 'townhall_session_viewers') count += 1;
    return (original as (...inner: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    const response = await app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers });
    expect(response.statusCode).toBe(200);
  } finally {
    pg.Client.prototype.query = original;
  }
  return count;
}

const sessionRow = async (token: string) => (await app.db.select().from(sessions).where(eq(sessions.token, token)))[0];

describe('the session of a request', () => {
  it('signs in a request whose cookie is signed with the secret, and nobody for a forged one', async () => {
    const person = await signUp();
    expect(await viewerOf(person.cookie)).toBe(person.userId);
    const [name, value] = person.cookie.split('=') as [string, string];
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string];
    // another token under the same signature, a signature that is not one, no signature
    expect(await viewerOf(`${name}=${encodeURIComponent(`${token.slice(0, -1)}x.${signature}`)}`)).toBeNull();
    expect(await viewerOf(`${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`)).toBeNull();
    expect(await viewerOf(`${name}=${token}`)).toBeNull();
  });

  it('reads the __Secure- cookie of an https site', async () => {
    const person = await signUp(secureApp);
    expect(person.cookie.startsWith('__Secure-townhall.session_token=')).toBe(true);
    expect(await viewerOf(person.cookie, secureApp)).toBe(person.userId);
    // the plain name is not the session cookie there
    expect(await viewerOf(person.cookie.replace('__Secure-', ''), secureApp)).toBeNull();
  });

  it('extends a session once its daily extension is due, and only then', async () => {
    const person = await signUp();
    const fresh = await sessionRow(person.token);
    expect(await viewerOf(person.cookie)).toBe(person.userId);
    expect((await sessionRow(person.token))?.expiresAt).toEqual(fresh?.expiresAt);

    const due = new Date(Date.now() + (SESSION_EXPIRES_IN_SECONDS - SESSION_UPDATE_AGE_SECONDS - 60) * 1000);
    await app.db.update(sessions).set({ expiresAt: due }).where(eq(sessions.token, person.token));
    // the process remembers the session it read for 10 s (decision 027): a day later it reads it again
    app.sessionCache.forgetAll();
    expect(await viewerOf(person.cookie)).toBe(person.userId);
    const extended = (await sessionRow(person.token))?.expiresAt.getTime() ?? 0;
    expect(extended).toBeGreaterThan(Date.now() + (SESSION_EXPIRES_IN_SECONDS - 60) * 1000);
  });

  it('refuses an expired session and deletes it', async () => {
    const person = await signUp();
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.token, person.token));
    expect(await viewerOf(person.cookie)).toBeNull();
    expect(await sessionRow(person.token)).toBeUndefined();
  });

  it('refuses the session of a disabled account, and of a deleted session', async () => {
    const disabled = await signUp();
    await app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.userId));
    expect(await viewerOf(disabled.cookie)).toBeNull();

    const ended = await signUp();
    await app.db.delete(sessions).where(eq(sessions.token, ended.token));
    expect(await viewerOf(ended.cookie)).toBeNull();
  });

  it('reads a session once in 10 s: the next signed-in read sends no session lookup', async () => {
    const person = await signUp();
    expect(await sessionLookupsOf({ cookie: person.cookie })).toBe(1);
    expect(await sessionLookupsOf({ cookie: person.cookie })).toBe(0);
    // an ended session is forgotten at once: the next request reads the database again, and is refused
    await app.db.delete(sessions).where(eq(sessions.token, person.token));
    await app.live.endSessions(person.userId);
    expect(await viewerOf(person.cookie)).toBeNull();
  });
});
