import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import type { AppConfig } from '../../config/env.ts';
import { mailMessages } from '../../db/schema/index.ts';
import { buildTestApp, testConfig, testMailOptions } from '../../test/app.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.ts';
import { ACCOUNT_CANCEL_REASONS } from './delivery-checks.ts';
import { InvalidMailError } from './mail-message.ts';
import type { MailPluginOptions } from './mail-plugin.ts';
import { signUp } from '../../test/factories.ts';

type MailRow = typeof mailMessages.$inferSelect;

// buildTestApp gives each app its own queue and retries after 1 to 2 seconds instead of 30 to 60.
function buildMailApp(options: { config?: Partial<AppConfig>; mail?: MailPluginOptions } = {}) {
  return buildTestApp({ config: options.config ?? {}, mail: options.mail ?? {} });
}

const uniqueAddress = () => `reader-${randomUUID().slice(0, 8)}@example.org`;

function message(to: string, overrides: Record<string, unknown> = {}) {
  return {
    to,
    kind: 'welcome',
    subject: 'Welcome to Townhall',
    text: 'Hello in plain text.',
    html: '<p>Hello in <b>HTML</b>.</p>',
    ...overrides,
  };
}

async function rowOf(app: FastifyInstance, id: string): Promise<MailRow | undefined> {
  const [row] = await app.db.select().from(mailMessages).where(eq(mailMessages.id, id));
  return row;
}

/** Polls the message row until `isDone` holds, up to `timeout` ms. */
function waitForRow(app: FastifyInstance, id: string, isDone: (row: MailRow) => boolean, timeout = 20_000) {
  return vi.waitFor(
    async () => {
      const row = await rowOf(app, id);
      if (!row || !isDone(row)) {
        throw new Error(`message ${id} is ${row ? `${row.status} after ${row.attempts} attempts` : 'missing'}`);
      }
      return row;
    },
    { timeout, interval: 100 },
  );
}

async function jobStateOf(app: FastifyInstance, id: string): Promise<string | undefined> {
  const result = await app.db.execute<{ state: string }>(sql`select state from pgboss.job where id = ${id}`);
  return result.rows[0]?.state;
}

describe('e-mail through a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let app: FastifyInstance;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    app = await buildMailApp({ config: { smtpUrl: smtp.url } });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('delivers a text and an HTML part with the headers, from the default sender', async () => {
    const to = uniqueAddress();
    // e-mail to an account waits for the account to exist and be in use: a real one
    const { id: userId } = await signUp(app, 'mailr');
    const rendered = app.mail.render({
      kind: 'notification',
      title: 'Grüße: Zoë answered your question',
      paragraphs: ['“Yes,” she wrote. <b>not bold</b>'],
      action: { url: 'http://townhall.test/q/1', label: 'Read the answer' },
      unsubscribe: { userId, category: 'newAnswers' },
    });
    const id = await app.mail.send({ to, userId, ...rendered });

    const mail = await smtp.waitFor((received) => received.envelope.to.includes(to));
    expect(mail.envelope).toEqual({ from: 'no-reply@townhall.test', to: [to] });
    expect(mail.header('from')).toBe('Townhall <no-reply@townhall.test>');
    expect(mail.header('to')).toBe(to);
    expect(mail.subject).toBe('Grüße: Zoë answered your question');
    expect(mail.header('message-id')).toBe(`<${id}@townhall.test>`);
    expect(mail.header('content-type')).toMatch(/^multipart\/alternative;/);
    expect(mail.text).toBe(rendered.text);
    expect(mail.html).toBe(rendered.html);
    expect(mail.html).toContain('&lt;b&gt;not bold&lt;/b&gt;');
    expect(mail.text).toContain('Manage your e-mail settings: http://townhall.test/settings/notifications');
    expect(mail.header('list-unsubscribe')?.replace(/\s+/g, '')).toBe(rendered.headers['List-Unsubscribe']);
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.header('auto-submitted')).toBe('auto-generated');

    const row = await waitForRow(app, id, (current) => current.status === 'sent');
    expect(row).toMatchObject({ toAddress: to, kind: 'notification', userId, attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.headers).toEqual(rendered.headers);
  });

  it('cancels, with the reason, an e-mail to an account that no longer exists, and sends nothing', async () => {
    const to = uniqueAddress();
    const id = await app.mail.send({ ...message(to), userId: `gone-${randomUUID()}` });
    const row = await waitForRow(app, id, (current) => current.status !== 'queued');
    expect(row).toMatchObject({ status: 'cancelled', lastError: ACCOUNT_CANCEL_REASONS.gone, sentAt: null });
    expect(smtp.messages.filter((received) => received.envelope.to.includes(to))).toEqual([]);
  });

  it('keeps a refused e-mail queued (451) and delivers it once the server accepts', async () => {
    const to = uniqueAddress();
    smtp.refuse({ at: 'data', code: 451, message: 'Try again later' });
    try {
      const id = await app.mail.send(message(to));
      const refused = await waitForRow(app, id, (row) => row.attempts >= 2);
      expect(refused.status).toBe('queued');
      expect(refused.lastError).toContain('451 Try again later');
      expect(refused.sentAt).toBeNull();

      smtp.refuse(null);
      await smtp.waitFor((received) => received.envelope.to.includes(to));
      const sent = await waitForRow(app, id, (row) => row.status === 'sent');
      // the attempt under way when the server changed its mind may be the one that succeeds
      expect(sent.attempts).toBeGreaterThanOrEqual(2);
      expect(sent.lastError).toBeNull();
      expect(smtp.messages.filter((received) => received.envelope.to.includes(to))).toHaveLength(1);
    } finally {
      smtp.refuse(null);
    }
  });

  it('gives up at once on a recipient the server refuses for good (550), without retrying', async () => {
    const to = uniqueAddress();
    smtp.refuse({ at: 'rcpt', code: 550, message: 'No such user here' });
    try {
      const id = await app.mail.send(message(to));
      const row = await waitForRow(app, id, (current) => current.status === 'failed');
      expect(row.attempts).toBe(1);
      expect(row.lastError).toContain('550 No such user here');
      await vi.waitFor(async () => expect(await jobStateOf(app, id)).toBe('completed'));
    } finally {
      smtp.refuse(null);
    }
  });

  it('sends inside the caller’s transaction: nothing is stored or queued when it rolls back', async () => {
    const to = uniqueAddress();
    let id = '';
    await expect(
      app.db.transaction(async (tx) => {
        id = await app.mail.send(message(to), { tx });
        expect(await jobStateOf(app, id)).toBeUndefined(); // not visible outside before commit
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect(id).not.toBe('');
    expect(await rowOf(app, id)).toBeUndefined();
    expect(await jobStateOf(app, id)).toBeUndefined();
  });

  it('delivers what a committed transaction queued', async () => {
    const to = uniqueAddress();
    const id = await app.transaction((tx) => app.mail.send(message(to), { tx }));
    await smtp.waitFor((received) => received.envelope.to.includes(to));
    await waitForRow(app, id, (row) => row.status === 'sent');
  });

  it('refuses a malformed message and stores nothing', async () => {
    const to = uniqueAddress();
    const bad = [
      message('not an address'),
      message(to, { subject: 'x'.repeat(201) }),
      message(to, { subject: 'Hi\r\nBcc: victim@example.org' }),
      message(to, { headers: { 'X-Note': 'a\r\nBcc: victim@example.org' } }),
      message(to, { headers: { From: 'boss@example.org' } }),
      message(to, { html: '' }),
      message(to, { kind: 'Welcome Mail' }),
      message(to, { cc: 'someone@example.org' }),
    ];
    for (const input of bad) {
      await expect(app.mail.send(input as never)).rejects.toBeInstanceOf(InvalidMailError);
    }
    const rows = await app.db.select().from(mailMessages).where(eq(mailMessages.toAddress, to));
    expect(rows).toEqual([]);
  });
});

describe('e-mail while the SMTP server is down', () => {
  let smtp: TestSmtpServer;
  let app: FastifyInstance;

  beforeAll(async () => {
    smtp = await startTestSmtpServer({ isListening: false });
    app = await buildMailApp({ config: { smtpUrl: smtp.url } });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('keeps the e-mail queued and delivers it when the server comes up', async () => {
    const to = uniqueAddress();
    const id = await app.mail.send(message(to));
    const waiting = await waitForRow(app, id, (row) => row.attempts >= 1 && row.lastError !== null);
    expect(waiting.status).toBe('queued');
    expect(waiting.lastError).toContain('ECONNREFUSED');

    await smtp.listen();
    const mail = await smtp.waitFor((received) => received.envelope.to.includes(to), 20_000);
    expect(mail.text).toBe('Hello in plain text.');
    expect(mail.html).toBe('<p>Hello in <b>HTML</b>.</p>');
    await waitForRow(app, id, (row) => row.status === 'sent');
  });
});

describe('e-mail after the last retry', () => {
  let smtp: TestSmtpServer;
  let app: FastifyInstance;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    smtp.refuse({ at: 'data', code: 451, message: 'Still busy' });
    app = await buildMailApp({ config: { smtpUrl: smtp.url }, mail: { retryLimit: 1 } });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('marks the message failed with the last error', async () => {
    const id = await app.mail.send(message(uniqueAddress()));
    const row = await waitForRow(app, id, (current) => current.status === 'failed');
    expect(row.attempts).toBe(2);
    expect(row.lastError).toContain('451 Still busy');
    expect(row.sentAt).toBeNull();
    await vi.waitFor(async () => expect(await jobStateOf(app, id)).toBe('failed'));
  });
});

describe('e-mail without SMTP_URL', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildMailApp({ config: { smtpUrl: undefined } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('keeps the message in the database as stored', async () => {
    const to = uniqueAddress();
    const id = await app.mail.send(message(to, { kind: 'password_reset' }));
    const row = await waitForRow(app, id, (current) => current.status === 'stored');
    expect(row).toMatchObject({
      toAddress: to,
      kind: 'password_reset',
      subject: 'Welcome to Townhall',
      textBody: 'Hello in plain text.',
      htmlBody: '<p>Hello in <b>HTML</b>.</p>',
      attempts: 1,
      lastError: null,
      sentAt: null,
      userId: null,
      headers: {},
    });
    await vi.waitFor(async () => expect(await jobStateOf(app, id)).toBe('completed'));
  });
});

describe('e-mail without SMTP_URL in development', () => {
  const lines: string[] = [];
  let app: FastifyInstance;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        callback();
      },
    });
    app = await buildApp({
      config: testConfig({ env: 'development', smtpUrl: undefined }),
      databaseUrl: inject('databaseUrl'),
      logger: { level: 'info', stream },
      mail: testMailOptions(),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('prints the text of the e-mail to the log', async () => {
    const to = uniqueAddress();
    const id = await app.mail.send(message(to, { text: 'Reset link: http://townhall.test/reset?token=abc' }));
    await waitForRow(app, id, (row) => row.status === 'stored');
    const entry = await vi.waitFor(() => {
      const found = lines
        .map((line) => JSON.parse(line) as { msg?: string; mailId?: string })
        .find((e) => e.mailId === id);
      if (!found) throw new Error('no log line yet');
      return found;
    });
    expect(entry.msg).toBe(
      `E-mail kept in the database (no SMTP_URL), to ${to}: Welcome to Townhall\n\nReset link: http://townhall.test/reset?token=abc`,
    );
  });
});
