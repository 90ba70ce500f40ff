import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionResponseSchema } from '#shared/schemas/accounts.ts';
import { buildTestApp } from '../../test/app.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.ts';

let app: FastifyInstance;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  app = await buildTestApp({ config: { smtpUrl: smtp.url } });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const address = () => `10.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}.9`;
const origin = { origin: 'http://townhall.test' };

async function signUp() {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const person = { email: `reset.${id}@example.com`, username: `reset_${id}`, password: 'the old secret' };
  const response = await app.inject({
    method: 'POST',
    url: '/api/accounts/sign-up',
    remoteAddress: address(),
    payload: person,
  });
  const cookie = response.cookies.find((item) => item.name === 'townhall.session_token');
  return { ...person, cookie: `${cookie?.name}=${cookie?.value}` };
}

const post = (url: string, payload: Record<string, string>) =>
  app.inject({ method: 'POST', url, remoteAddress: address(), headers: origin, payload });

async function session(cookie: string) {
  const response = await app.inject({ method: 'GET', url: '/api/accounts/session', headers: { cookie } });
  return SessionResponseSchema.parse(response.json()).user;
}

describe('password reset by e-mail', () => {
  it('mails a single-use link; the new password works, the old one and every session do not', async () => {
    const person = await signUp();
    expect(await session(person.cookie)).not.toBeNull();
    expect((await post('/api/accounts/password-reset', { email: person.email.toUpperCase() })).statusCode).toBe(204);

    const mail = await smtp.waitFor(
      (received) => received.envelope.to.includes(person.email) && received.subject === 'Reset your Townhall password',
      15_000,
    );
    expect(mail.subject).toBe('Reset your Townhall password');
    expect(mail.html).toContain('Choose a new password');
    expect(mail.text).toContain('http://townhall.test/settings/notifications');
    const link = /http:\/\/townhall\.test\/reset-password\?token=([A-Za-z0-9%_-]+)/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? '');

    const weak = await post('/api/accounts/password-reset/complete', { token, newPassword: '123' });
    expect(weak.json().error.message).toBe('Password should be at least 6 characters');

    const done = await post('/api/accounts/password-reset/complete', { token, newPassword: 'the new secret' });
    expect(done.statusCode).toBe(204);
    expect(await session(person.cookie)).toBeNull();

    const signIn = (password: string) => post('/api/accounts/sign-in', { email: person.email, password });
    expect((await signIn('the old secret')).statusCode).toBe(401);
    expect((await signIn('the new secret')).statusCode).toBe(200);

    const replay = await post('/api/accounts/password-reset/complete', { token, newPassword: 'yet another secret' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe('This reset link is invalid or has expired. Ask for a new one.');
  });

  it('answers the same for an unknown address, and mails nothing', async () => {
    const before = smtp.messages.length;
    const email = `nobody.${Date.now()}@example.com`;
    expect((await post('/api/accounts/password-reset', { email })).statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.messages.slice(before).filter((mail) => mail.envelope.to.includes(email))).toEqual([]);
  });

  it('refuses a made-up token', async () => {
    const response = await post('/api/accounts/password-reset/complete', {
      token: 'made-up',
      newPassword: 'whatever secret',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('This reset link is invalid or has expired. Ask for a new one.');
  });

  it('limits how many links one address may ask for', async () => {
    const person = await signUp();
    for (let i = 0; i < 5; i++)
      expect((await post('/api/accounts/password-reset', { email: person.email })).statusCode).toBe(204);
    const refused = await post('/api/accounts/password-reset', { email: person.email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Too many reset e-mails asked for this address\./);
  });
});
