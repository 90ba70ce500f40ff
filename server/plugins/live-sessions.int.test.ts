import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_VIEWER_ENDED_CLOSE_CODE } from '#shared/schemas/live.ts';
import { sessions, verifications } from '../db/schema/index.ts';
import { buildTestApp } from '../test/app.ts';
import { TestLiveSocket } from '../test/live-socket.ts';
import { ORIGIN, signUp, someAddress, type TestPerson } from '../test/factories.ts';

const PASSWORD = 'a fine secret';

let app: FastifyInstance;
let baseUrl: string;
const sockets: TestLiveSocket[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.close();
});

/** A live socket signed in with `cookie`, greeted and watching the person's private topic. */
async function watchOwnTopic(person: TestPerson, cookie = person.cookie): Promise<TestLiveSocket> {
  const socket = await TestLiveSocket.open(baseUrl, { origin: baseUrl, cookie });
  sockets.push(socket);
  await socket.next((message) => message.type === 'welcome');
  expect(await socket.subscribe(`user:${person.id}`)).toEqual({ type: 'subscribed', topic: `user:${person.id}` });
  return socket;
}

/** Another session of the same person (as from a second browser): its cookie. */
async function signInAgain(person: TestPerson, password = PASSWORD): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/accounts/sign-in',
    remoteAddress: someAddress(),
    headers: { origin: ORIGIN },
    payload: { email: person.email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((item) => item.name === 'townhall.session_token');
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

function post(cookie: string | null, url: string, payload?: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: someAddress(),
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** The socket still answers: it was not closed. */
async function expectOpen(socket: TestLiveSocket): Promise<void> {
  const pongs = socket.messages.filter((message) => message.type === 'pong').length;
  socket.send({ type: 'ping' });
  await socket.next(() => socket.messages.filter((message) => message.type === 'pong').length > pongs);
  expect(socket.closeCode).toBeUndefined();
}

describe('live connections end with their session', () => {
  it('sign-out closes the sockets of that session only', async () => {
    const person = await signUp(app, 'lso');
    const otherCookie = await signInAgain(person);
    const signedOut = await watchOwnTopic(person);
    const elsewhere = await watchOwnTopic(person, otherCookie);

    expect((await post(person.cookie, '/api/accounts/sign-out')).statusCode).toBe(204);

    expect(await signedOut.waitForClose()).toBe(LIVE_VIEWER_ENDED_CLOSE_CODE);
    await expectOpen(elsewhere);
  });

  it('a password change closes the sockets of the other sessions, not those of the session that made it', async () => {
    const person = await signUp(app, 'lpc');
    const otherCookie = await signInAgain(person);
    const current = await watchOwnTopic(person);
    const other = await watchOwnTopic(person, otherCookie);

    const changed = await post(person.cookie, '/api/accounts/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'a newer secret',
    });
    expect(changed.statusCode, changed.body).toBe(204);

    expect(await other.waitForClose()).toBe(LIVE_VIEWER_ENDED_CLOSE_CODE);
    await expectOpen(current);
    // the session under its new token still lets it watch private topics
    current.send({ type: 'unsubscribe', topic: `user:${person.id}` });
    await current.next((message) => message.type === 'unsubscribed');
    expect(await current.subscribe(`user:${person.id}`)).toEqual({ type: 'subscribed', topic: `user:${person.id}` });
    // and a periodic check keeps it too
    await app.live.hub.endLapsedSessions([person.id]);
    await expectOpen(current);
  });

  it('a password reset closes every socket of the person', async () => {
    const person = await signUp(app, 'lrs');
    const otherCookie = await signInAgain(person);
    const first = await watchOwnTopic(person);
    const second = await watchOwnTopic(person, otherCookie);

    await app.auth.api.requestPasswordReset({ body: { email: person.email } });
    const [row] = await app.db
      .select({ identifier: verifications.identifier })
      .from(verifications)
      .where(and(eq(verifications.value, person.id), like(verifications.identifier, 'reset-password:%')));
    const token = row?.identifier.slice('reset-password:'.length) ?? '';
    const reset = await post(null, '/api/accounts/password-reset/complete', { token, newPassword: 'reset secret' });
    expect(reset.statusCode, reset.body).toBe(204);

    expect(await first.waitForClose()).toBe(LIVE_VIEWER_ENDED_CLOSE_CODE);
    expect(await second.waitForClose()).toBe(LIVE_VIEWER_ENDED_CLOSE_CODE);
  });

  it('a subscription checks the session at that moment: a socket whose session is gone cannot watch', async () => {
    const person = await signUp(app, 'lsb');
    const socket = await TestLiveSocket.open(baseUrl, { origin: baseUrl, cookie: person.cookie });
    sockets.push(socket);
    await socket.next((message) => message.type === 'welcome');
    // the session ends by a path that tells the live channel nothing
    await app.db.delete(sessions).where(eq(sessions.userId, person.id));

    socket.send({ type: 'subscribe', topic: `user:${person.id}` });
    expect(await socket.waitForClose()).toBe(LIVE_VIEWER_ENDED_CLOSE_CODE);
    expect(socket.messages.filter((message) => message.type === 'subscribed')).toEqual([]);
  });

  it('the periodic check closes the sockets of expired sessions and leaves the others', async () => {
    const person = await signUp(app, 'lex');
    const otherCookie = await signInAgain(person);
    const expiring = await watchOwnTopic(person);
    const lasting = await watchOwnTopic(person, otherCookie);
    const [oldest] = await app.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, person.id))
      .orderBy(sessions.createdAt)
      .limit(1);
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, oldest?.id ?? ''));

    expect(await app.live.hub.endLapsedSessions()).toBeGreaterThanOrEqual(1);
    expect(await expiring.waitForClose()).toBe(LIVE_VIEWER_ENDED_CLOSE_CODE);
    await expectOpen(lasting);
  });
});
