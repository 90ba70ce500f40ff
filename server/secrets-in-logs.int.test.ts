import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { TestLiveSocket } from './test/live-socket.ts';
import { startTestSmtpServer, type TestSmtpServer } from './test/smtp-server.ts';
import { spawnServer, type SpawnedServer } from './test/spawn-server.ts';
import { makeTempDir } from './test/test-database.ts';

// A real process logging everything it can (trace, every request), driven through what creates
// secrets: passwords, session cookies, a reset token, the configured secrets. Its whole output
// must name none of them.
const kind = inject('databaseKind');
const databaseUrl = inject('databaseUrl');

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const someAddress = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
const secret = (label: string) => `${label}-${randomBytes(12).toString('hex')}`;

function sessionToken(response: Response): string {
  const pair = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((each) => /^(__Secure-)?townhall\.session_token=./.test(each));
  if (!pair) throw new Error(`no session cookie (HTTP ${response.status})`);
  return pair.slice(pair.indexOf('=') + 1);
}

/** A role with a password on the external server, so that DATABASE_URL carries one. */
async function roleWithPassword(password: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const role = `log_test_${randomBytes(4).toString('hex')}`;
  await admin.query(`create role ${role} login superuser password '${password}'`);
  const url = new URL(databaseUrl);
  url.username = role;
  url.password = password;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where usename = $1`, [role]);
      await admin.query(`drop role if exists ${role}`);
      await admin.end();
    },
  };
}

describe(`a process's logs at trace level (${kind} database)`, () => {
  it('never contain a password, cookie, token or configured secret', async () => {
    const secrets: Record<string, string> = {
      sessionSecret: secret('session-secret'),
      firstPassword: secret('first-password'),
      wrongPassword: secret('wrong-password'),
      changedPassword: secret('changed-password'),
      resetPassword: secret('reset-password'),
      googleClientSecret: secret('google-secret'),
      s3SecretKey: secret('s3-secret'),
    };
    let database: string | undefined;
    if (kind === 'external') {
      secrets.databasePassword = secret('db-password');
      const role = await roleWithPassword(secrets.databasePassword);
      cleanups.push(() => role.drop());
      database = role.url;
    }
    const smtp: TestSmtpServer = await startTestSmtpServer();
    cleanups.push(() => smtp.close());
    const dataDir = makeTempDir('townhall-test-logs-');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    const server: SpawnedServer = await spawnServer({
      dataDir,
      env: {
        DATABASE_URL: database,
        REDIS_URL: undefined,
        LOG_LEVEL: 'trace',
        ACCESS_LOG: 'full',
        TRUST_PROXY: 'loopback',
        SESSION_SECRET: secrets.sessionSecret,
        SMTP_URL: smtp.url,
        GOOGLE_CLIENT_ID: 'townhall-log-test',
        GOOGLE_CLIENT_SECRET: secrets.googleClientSecret,
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_BUCKET: 'log-test',
        S3_ACCESS_KEY_ID: 'log-test-key',
        S3_SECRET_ACCESS_KEY: secrets.s3SecretKey,
      },
    });
    cleanups.push(() => server.stop());
    if (kind === 'embedded') {
      const stored = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
        postgresPassword: string;
      };
      secrets.embeddedDatabasePassword = stored.postgresPassword;
    }
    const base = server.url;
    const post = (route: string, body: unknown, token?: string) =>
      fetch(`${base}${route}`, {
        method: 'POST',
        headers: {
          origin: base,
          'x-forwarded-for': someAddress(),
          'content-type': 'application/json',
          ...(token ? { cookie: `townhall.session_token=${token}` } : {}),
        },
        body: JSON.stringify(body),
      });

    const suffix = randomBytes(4).toString('hex');
    const email = `logs.${suffix}@example.com`;
    const signedUp = await post('/api/accounts/sign-up', {
      email,
      username: `logs_${suffix}`,
      password: secrets.firstPassword,
    });
    expect(signedUp.status).toBe(201);
    secrets.signUpCookie = sessionToken(signedUp);

    expect((await post('/api/accounts/sign-in', { email, password: secrets.wrongPassword })).status).toBe(401);
    const signedIn = await post('/api/accounts/sign-in', { email, password: secrets.firstPassword });
    expect(signedIn.status).toBe(200);
    secrets.signInCookie = sessionToken(signedIn);

    // the cookie on reads, on a socket, and on a request that fails validation
    expect(
      (
        await fetch(`${base}/api/accounts/session`, {
          headers: { cookie: `townhall.session_token=${secrets.signInCookie}` },
        })
      ).status,
    ).toBe(200);
    const socket = await TestLiveSocket.open(base, {
      origin: base,
      cookie: `townhall.session_token=${secrets.signInCookie}`,
    });
    socket.close();
    expect((await post('/api/groups', { name: '' }, secrets.signInCookie)).status).toBe(400);

    const changed = await post(
      '/api/accounts/change-password',
      { currentPassword: secrets.firstPassword, newPassword: secrets.changedPassword },
      secrets.signInCookie,
    );
    expect(changed.status).toBe(204);

    expect((await post('/api/accounts/password-reset', { email })).status).toBe(204);
    const mail = await smtp.waitFor((each) => each.envelope.to.includes(email) && /reset/i.test(each.subject), 15_000);
    const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
    expect(token).toBeDefined();
    secrets.resetToken = token ?? '';
    const reset = await post('/api/accounts/password-reset/complete', {
      token: secrets.resetToken,
      newPassword: secrets.resetPassword,
    });
    expect(reset.status).toBe(204);
    // the reset link opened in a browser: its token is in the URL of a logged request
    expect((await fetch(`${base}/reset-password?token=${secrets.resetToken}`)).status).toBe(200);

    expect(await server.stop()).toBe(0);
    const output = server.output();
    // the run logged its requests, so the absence of the secrets means something
    expect(output).toContain('/api/accounts/change-password');
    expect(output).toContain('/reset-password?token=[redacted]');
    for (const [name, value] of Object.entries(secrets)) {
      expect(output.includes(value), `${name} appears in the logs`).toBe(false);
    }
  }, 90_000);
});
