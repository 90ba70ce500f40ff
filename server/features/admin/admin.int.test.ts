import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AdminMailMessageSchema, AdminMailPageSchema } from '#shared/schemas/admin.ts';
import { AdminAuditPageSchema } from '#shared/schemas/admin-console.ts';
import { SessionResponseSchema } from '#shared/schemas/accounts.ts';
import { mailMessages } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { ORIGIN, signUp, someAddress, uniqueSuffix, type TestPerson } from '../../test/factories.ts';
import { createSiblingDatabase } from '../../test/test-database.ts';
import { grantAdmin } from './grant-admin.ts';

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
  let admin: TestPerson;
  let member: TestPerson;
  beforeAll(async () => {
    app = await buildTestApp();
    admin = await signUp(app, 'adm');
    member = await signUp(app, 'adm');
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
      remoteAddress: someAddress(),
      headers: { origin: ORIGIN },
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
    // The link is there, its token is not: nobody reaches an account through /admin.
    expect(message.text).toContain('http://townhall.test/reset-password?token=[hidden]');
    expect(message.html).toContain('Choose a new password');
    expect(message.html).toContain('http://townhall.test/reset-password?token=[hidden]');

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

  /** The live token of the newest reset e-mail to `email`, read from the outbox table itself. */
  async function liveResetToken(email: string) {
    const rows = await app.db
      .select({ id: mailMessages.id, text: mailMessages.textBody })
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, email), eq(mailMessages.kind, 'password_reset')))
      .orderBy(desc(mailMessages.createdAt));
    const token = /reset-password\?token=([A-Za-z0-9%_-]+)/.exec(rows[0]?.text ?? '')?.[1];
    if (!rows[0] || !token) throw new Error(`no reset e-mail to ${email}`);
    return { mailId: rows[0].id, token: decodeURIComponent(token) };
  }

  async function auditEntries() {
    const response = await app.inject({ url: '/api/admin/audit-log', headers: { cookie: admin.cookie } });
    return AdminAuditPageSchema.parse(response.json()).entries;
  }

  it('never shows a reset token or an unsubscribe token in any /api/admin answer, and records each e-mail read', async () => {
    const person = await signUp(app, 'tok');
    await requestReset(person.email);
    const { mailId, token } = await liveResetToken(person.email);
    // A notification e-mail: its List-Unsubscribe header carries a token too.
    const notification = app.mail.render({
      kind: 'notification',
      title: 'A new answer',
      paragraphs: ['Someone answered.'],
      action: { label: 'Open it', url: 'http://townhall.test/groups?focus=1' },
      unsubscribe: { userId: person.id, category: 'newAnswers' },
    });
    const notificationId = await app.mail.send({ ...notification, to: person.email, userId: person.id });
    const unsubscribeToken = /token=([^>]+)>/.exec(notification.headers['List-Unsubscribe'] ?? '')?.[1];
    expect(unsubscribeToken).toBeDefined();

    const search = encodeURIComponent(person.email);
    const paths = [
      '/api/admin/mail',
      `/api/admin/mail?q=${search}`,
      `/api/admin/mail?q=${encodeURIComponent('Reset your')}`,
      `/api/admin/mail/${mailId}`,
      `/api/admin/mail/${notificationId}`,
      `/api/admin/users?q=${search}`,
      '/api/admin/audit-log',
      '/api/admin/contact-messages',
      '/api/admin/page-views',
      '/api/admin/groups',
      '/api/admin/content',
    ];
    for (const path of paths) {
      const response = await app.inject({ url: path, headers: { cookie: admin.cookie } });
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).not.toContain(token);
      expect(response.body, path).not.toContain(encodeURIComponent(token));
      expect(response.body, path).not.toContain(unsubscribeToken);
    }
    const read = AdminMailMessageSchema.parse(
      (await app.inject({ url: `/api/admin/mail/${notificationId}`, headers: { cookie: admin.cookie } })).json(),
    );
    expect(read.headers['List-Unsubscribe']).toBe('<http://townhall.test/api/mail/unsubscribe?token=[hidden]>');

    // The token itself is live: only the owner's mailbox can use it.
    const entries = await auditEntries();
    const reads = entries.filter((entry) => entry.action === 'mail.read');
    expect(reads.map((entry) => entry.targetId)).toEqual(expect.arrayContaining([mailId, notificationId]));
    expect(reads.find((entry) => entry.targetId === mailId)).toMatchObject({
      targetType: 'mail',
      admin: { id: admin.id, email: admin.email },
      summary: `Read the e-mail 'Reset your Townhall password' to ${person.email}`,
    });
  });

  it("sends the owner the reset link on an administrator's request, to the owner's address only, and records it", async () => {
    const person = await signUp(app, 'help');
    const send = (cookie: string | undefined, userId = person.id) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/users/${userId}/password-reset`,
        headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      });

    expect((await send(undefined)).statusCode).toBe(401);
    const refused = await send(member.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only administrators can open this page.');
    const unknown = await send(admin.cookie, 'no-such-user');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('This account does not exist.');

    const sent = await send(admin.cookie);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ sentTo: person.email });
    expect(sent.body).not.toContain('token');
    const { token } = await liveResetToken(person.email);
    expect(await auditEntries()).toContainEqual(
      expect.objectContaining({
        action: 'user.password_reset_link',
        targetType: 'user',
        targetId: person.id,
        summary: `Sent a password reset link to @${person.username} (${person.email})`,
      }),
    );

    // The owner, and only the mailbox's owner, completes it.
    const completed = await app.inject({
      method: 'POST',
      url: '/api/accounts/password-reset/complete',
      remoteAddress: someAddress(),
      headers: { origin: ORIGIN },
      payload: { token, newPassword: 'the owner chose this' },
    });
    expect(completed.statusCode).toBe(204);

    // A few a person per hour, so an administrator cannot flood an inbox.
    expect((await send(admin.cookie)).statusCode).toBe(200);
    expect((await send(admin.cookie)).statusCode).toBe(200);
    const flooded = await send(admin.cookie);
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json().error.message).toMatch(/^Enough reset e-mails were sent to this person for now\./);
  });

  it('sends no reset link to a disabled account', async () => {
    const person = await signUp(app, 'off');
    const post = (url: string) =>
      app.inject({ method: 'POST', url, headers: { origin: ORIGIN, cookie: admin.cookie } });
    expect((await post(`/api/admin/users/${person.id}/disable`)).statusCode).toBe(200);
    const refused = await post(`/api/admin/users/${person.id}/password-reset`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'This account is disabled. Enable it before sending a password reset link.',
    );
  });

  it('never lets a role be set through sign-up', async () => {
    const id = uniqueSuffix();
    const response = await app.inject({
      method: 'POST',
      url: '/api/accounts/sign-up',
      remoteAddress: someAddress(),
      headers: { origin: ORIGIN },
      payload: { email: `role.${id}@example.com`, username: `role_${id}`, password: 'a fine secret', role: 'admin' },
    });
    expect(response.statusCode).toBe(400);
  });
});
