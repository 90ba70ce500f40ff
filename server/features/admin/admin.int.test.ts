import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AdminMailMessageSchema, AdminMailPageSchema } from '#shared/schemas/admin.ts';
import { SessionResponseSchema } from '#shared/schemas/accounts.ts';
import { buildTestApp } from '../../test/app.ts';
import { createSiblingDatabase } from '../../test/test-database.ts';
import { grantAdmin } from './grant-admin.ts';

const address = () => `10.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}.7`;
const origin = 'http://townhall.test';
const uniqueId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function signUp(app: FastifyInstance, prefix = 'adm') {
  const id = uniqueId();
  const person = { email: `${prefix}.${id}@example.com`, username: `${prefix}_${id}`, password: 'a fine secret' };
  const response = await app.inject({
    method: 'POST',
    url: '/api/accounts/sign-up',
    remoteAddress: address(),
    headers: { origin },
    payload: person,
  });
  expect(response.statusCode).toBe(201);
  const cookie = response.cookies.find((item) => item.name === 'townhall.session_token');
  const user = SessionResponseSchema.parse(response.json()).user;
  if (!user) throw new Error('no user after sign-up');
  return { ...person, id: user.id, role: user.role, cookie: `${cookie?.name}=${cookie?.value}` };
}

describe('the first account is the administrator', () => {
  it('makes exactly one of several simultaneous first sign-ups admin, and later ones users', async () => {
    const database = await createSiblingDatabase(inject('databaseUrl'));
    const app = await buildTestApp({ databaseUrl: database.url });
    try {
      const first = await Promise.all([1, 2, 3, 4].map(() => signUp(app, 'first')));
      expect(first.filter((person) => person.role === 'admin')).toHaveLength(1);
      const later = await signUp(app, 'later');
      expect(later.role).toBe('user');
      const session = await app.inject({ url: '/api/accounts/session', headers: { cookie: later.cookie } });
      expect(SessionResponseSchema.parse(session.json()).user?.role).toBe('user');
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe('/api/admin/mail', () => {
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let member: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    app = await buildTestApp();
    admin = await signUp(app);
    member = await signUp(app);
    // Other test files share this run's database, so its first account may be anyone's.
    expect(await grantAdmin(app.db, admin.email.toUpperCase())).toMatch(/^(granted|already-admin)$/);
    expect(await grantAdmin(app.db, admin.email)).toBe('already-admin');
    expect(await grantAdmin(app.db, 'nobody.at.all@example.com')).toBe('no-such-account');
  });
  afterAll(async () => {
    await app?.close();
  });

  const list = (cookie: string | undefined, query = '') =>
    app.inject({ url: `/api/admin/mail${query}`, headers: cookie ? { cookie } : {} });

  async function requestReset(email: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/accounts/password-reset',
      remoteAddress: address(),
      headers: { origin },
      payload: { email },
    });
    expect(response.statusCode).toBe(204);
  }

  it('refuses people who are signed out (401) or not administrators (403), on the list and on a message', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    const refused = await list(member.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: { code: 'forbidden', message: 'Only administrators can open this page.' },
    });
    const one = await app.inject({
      url: '/api/admin/mail/00000000-0000-4000-8000-000000000000',
      headers: { cookie: member.cookie },
    });
    expect(one.statusCode).toBe(403);
  });

  it('shows the e-mails kept without SMTP, newest first, each whole', async () => {
    await requestReset(member.email);
    let found: { id: string; status: string } | undefined;
    for (let attempt = 0; attempt < 50 && found?.status !== 'stored'; attempt++) {
      const page = AdminMailPageSchema.parse(
        (await list(admin.cookie, `?q=${encodeURIComponent(member.email)}`)).json(),
      );
      found = page.messages.find((message) => message.subject === 'Reset your Townhall password');
      if (found?.status !== 'stored') await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(found?.status).toBe('stored');
    const response = await app.inject({ url: `/api/admin/mail/${found?.id}`, headers: { cookie: admin.cookie } });
    const message = AdminMailMessageSchema.parse(response.json());
    expect(message.to).toBe(member.email);
    expect(message.kind).toBe('password_reset');
    expect(message.text).toContain('http://townhall.test/reset-password?token=');
    expect(message.html).toContain('Choose a new password');

    const missing = await app.inject({ url: '/api/admin/mail/not-a-uuid', headers: { cookie: admin.cookie } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('This e-mail does not exist.');
  });

  it('pages with a cursor without skipping or repeating, filters by status, and searches % literally', async () => {
    const person = await signUp(app, 'pages');
    for (let index = 0; index < 3; index++) await requestReset(person.email);
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const query: string = `?q=${encodeURIComponent(person.email)}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = AdminMailPageSchema.parse((await list(admin.cookie, query)).json());
      seen.push(...page.messages.map((message) => message.id));
      cursor = page.nextCursor;
    }
    // The welcome e-mail of the sign-up, then the three resets: two full pages.
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);

    const failed = AdminMailPageSchema.parse((await list(admin.cookie, '?status=failed&limit=100')).json());
    expect(failed.messages.every((message) => message.status === 'failed')).toBe(true);

    const literal = AdminMailPageSchema.parse((await list(admin.cookie, `?q=${encodeURIComponent('%')}`)).json());
    expect(literal.messages).toEqual([]);

    const badCursor = await list(admin.cookie, '?cursor=nonsense');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().error.message).toBe(
      'This page link is not valid any more. Start again from the first page.',
    );
    expect((await list(admin.cookie, '?limit=1000')).statusCode).toBe(400);
  });

  it('never lets a role be set through sign-up', async () => {
    const id = uniqueId();
    const response = await app.inject({
      method: 'POST',
      url: '/api/accounts/sign-up',
      remoteAddress: address(),
      headers: { origin },
      payload: { email: `role.${id}@example.com`, username: `role_${id}`, password: 'a fine secret', role: 'admin' },
    });
    expect(response.statusCode).toBe(400);
  });
});
