import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { ORIGIN, signUp, type TestPerson } from '../../test/factories.ts';
import { createUnsubscribeToken } from '../mail/unsubscribe-token.ts';
import { UNSUBSCRIBE_MESSAGES } from './unsubscribe.ts';

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await buildTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
});

const tokenFor = (person: TestPerson, category: string) =>
  createUnsubscribeToken({ userId: person.id, category, secret: app.config.sessionSecret ?? '' });
const linkFor = (person: TestPerson, category: string, path = '/api/mail/unsubscribe') =>
  `${base}${path}?token=${encodeURIComponent(tokenFor(person, category))}`;

async function settingsOf(person: TestPerson) {
  const [row] = await app.db.select({ settings: users.emailSettings }).from(users).where(eq(users.id, person.id));
  return row?.settings;
}
async function turnOn(person: TestPerson, category: 'newAnswers' | 'weeklyDigest') {
  const response = await fetch(linkFor(person, category, '/api/mail/resubscribe'), { method: 'POST' });
  expect(response.status).toBe(200);
}

describe('one-click unsubscribe accepts every body RFC 8058 allows', () => {
  it('multipart/form-data, built by FormData and sent over real HTTP', async () => {
    const person = await signUp(app, 'unsmp');
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const response = await fetch(linkFor(person, 'newAnswers'), { method: 'POST', body: form });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ unsubscribed: 'newAnswers' });
    expect((await settingsOf(person))?.newAnswers).toBe(false);
  });

  it('urlencoded, an empty body, and no body at all', async () => {
    const person = await signUp(app, 'unsue');
    const urlencoded = await fetch(linkFor(person, 'newAnswers'), {
      method: 'POST',
      body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
    });
    expect(urlencoded.status).toBe(200);
    expect(urlencoded.headers.get('content-type')).toContain('application/json');
    expect((await settingsOf(person))?.newAnswers).toBe(false);

    await turnOn(person, 'newAnswers');
    expect((await settingsOf(person))?.newAnswers).toBe(true);
    const emptyForm = await fetch(linkFor(person, 'newAnswers'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(emptyForm.status).toBe(200);
    expect((await settingsOf(person))?.newAnswers).toBe(false);

    await turnOn(person, 'newAnswers');
    const bare = await fetch(linkFor(person, 'newAnswers'), { method: 'POST' });
    expect(bare.status).toBe(200);
    expect((await settingsOf(person))?.newAnswers).toBe(false);
  });

  it('a wrong List-Unsubscribe value is a 400 with a sentence, in either encoding, and changes nothing', async () => {
    const person = await signUp(app, 'unswr');
    const form = new FormData();
    form.set('List-Unsubscribe', 'Yes please');
    for (const body of [form, new URLSearchParams({ 'List-Unsubscribe': 'Two-Clicks' })]) {
      const response = await fetch(linkFor(person, 'newAnswers'), { method: 'POST', body });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        UNSUBSCRIBE_MESSAGES.wrongFormValue,
      );
    }
    expect((await settingsOf(person))?.newAnswers).toBe(true);
  });

  it('a file, or a long field, in the multipart body is a 400, never a 5xx', async () => {
    const person = await signUp(app, 'unsfi');
    const withFile = new FormData();
    withFile.set('List-Unsubscribe', 'One-Click');
    withFile.set('attachment', new Blob(['x'.repeat(2048)], { type: 'text/plain' }), 'a.txt');
    const long = new FormData();
    long.set('List-Unsubscribe', 'One-Click'.repeat(100));
    for (const body of [withFile, long]) {
      const response = await fetch(linkFor(person, 'newAnswers'), { method: 'POST', body });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        UNSUBSCRIBE_MESSAGES.badForm,
      );
    }
    expect((await settingsOf(person))?.newAnswers).toBe(true);
  });

  it('a forged token is refused as before, in multipart too', async () => {
    const person = await signUp(app, 'unsfo');
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const forged = `${tokenFor(person, 'newAnswers').slice(0, -2)}xx`;
    const response = await fetch(`${base}/api/mail/unsubscribe?token=${encodeURIComponent(forged)}`, {
      method: 'POST',
      body: form,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      UNSUBSCRIBE_MESSAGES.invalidLink,
    );
  });

  it('other routes still refuse multipart bodies', async () => {
    const form = new FormData();
    form.set('email', 'a@b.c');
    const response = await fetch(`${base}/api/accounts/sign-in`, { method: 'POST', body: form });
    expect(response.status).toBe(415);
  });
});

describe('the page of the unsubscribe link (GET)', () => {
  it('names what would stop, offers a button, changes nothing, and keeps the token to itself', async () => {
    const person = await signUp(app, 'unsgt');
    const link = linkFor(person, 'newAnswers');
    for (let i = 0; i < 2; i++) {
      const response = await fetch(link, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      // the app's CSP stays: no script runs on this page, inline styles are allowed
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      const page = await response.text();
      expect(page).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(page).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(page).toContain('Unsubscribe from “New answers”?');
      expect(page).toContain('is answered');
      expect(page).not.toMatch(/<script/i);
      const action = /<form method="post" action="([^"]+)">/.exec(page)?.[1]?.replaceAll('&amp;', '&');
      expect(action).toBe(new URL(link).pathname + new URL(link).search);
      expect(page).toContain('<a href="/settings/notifications">');
    }
    // GET twice: still on
    expect((await settingsOf(person))?.newAnswers).toBe(true);
  });

  it('the button posts the form, which answers a page with Re-subscribe; that turns it back on', async () => {
    const person = await signUp(app, 'unsbt');
    const link = linkFor(person, 'weeklyDigest');
    await turnOn(person, 'weeklyDigest');
    // what a browser sends for the page's form: urlencoded, same Origin, asks for HTML
    const browser = { accept: 'text/html,application/xhtml+xml', origin: ORIGIN };
    const done = await fetch(link, {
      method: 'POST',
      headers: browser,
      body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
    });
    expect(done.status).toBe(200);
    expect(done.headers.get('cache-control')).toBe('no-store');
    const donePage = await done.text();
    expect(donePage).toContain('You are unsubscribed from “Weekly digest”');
    expect(donePage).toContain('>Re-subscribe</button>');
    expect((await settingsOf(person))?.weeklyDigest).toBe(false);

    const again = await fetch(link, { headers: { accept: 'text/html' } });
    expect(await again.text()).toContain('You are unsubscribed from “Weekly digest”');

    const resubscribeAction = /<form method="post" action="([^"]+)">/.exec(donePage)?.[1]?.replaceAll('&amp;', '&');
    expect(resubscribeAction).toMatch(/^\/api\/mail\/resubscribe\?token=/);
    const back = await fetch(`${base}${resubscribeAction}`, {
      method: 'POST',
      headers: browser,
      body: new URLSearchParams(),
    });
    expect(back.status).toBe(200);
    expect(await back.text()).toContain('You are subscribed to “Weekly digest” again');
    expect((await settingsOf(person))?.weeklyDigest).toBe(true);
  });

  it('a forged link, or one whose account is gone, is a 404 page that points to the settings', async () => {
    const person = await signUp(app, 'unsfg');
    const forged = `${tokenFor(person, 'newAnswers').slice(0, -2)}xx`;
    const gone = createUnsubscribeToken({
      userId: 'no-such-user',
      category: 'newAnswers',
      secret: app.config.sessionSecret ?? '',
    });
    for (const token of [forged, gone, 'nonsense']) {
      const response = await fetch(`${base}/api/mail/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const page = await response.text();
      expect(page).toContain('This link is no longer valid');
      expect(page).toContain('<a href="/settings/notifications">');
    }
    const post = await fetch(`${base}/api/mail/unsubscribe?token=${encodeURIComponent(gone)}`, {
      method: 'POST',
      headers: { accept: 'text/html', origin: ORIGIN },
    });
    expect(post.status).toBe(404);
    expect(await post.text()).toContain('This link is no longer valid');
  });

  it('without a token: a 400 that names the field', async () => {
    const response = await fetch(`${base}/api/mail/unsubscribe`);
    expect(response.status).toBe(400);
  });
});
