import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { freePort, startTestOidcProvider, type TestOidcAccount } from '../../server/test/oidc-provider.ts';
import { startTestSmtpServer } from '../../server/test/smtp-server.ts';
import { spawnServer } from '../../server/test/spawn-server.ts';
import { makeTempDir } from '../../server/test/test-database.ts';
import { startMailInbox } from './mail-inbox.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where tests read the e-mails the app sent through SMTP (see mail-inbox.ts). */
    mailInboxUrl: string;
    /** The run's first account, hence its administrator (spec: the first account created is admin). */
    admin: { email: string; username: string; password: string };
    /** A person at the run's OpenID provider (standing in for Google) who has no Townhall account yet. */
    googlePerson: Required<TestOidcAccount>;
  }
}

/**
 * Browser tests run against the built client served by a real Townhall process on its
 * default embedded database, exactly as `npm start` runs it.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.resolve('dist/client/index.html'))) {
    throw new Error('The client is not built: run `npm run build` before the browser tests (npm test does).');
  }
  // E-mail goes out through a real SMTP server, as in production; tests read it from the inbox.
  const smtp = await startTestSmtpServer();
  const inbox = await startMailInbox(smtp);
  // "Continue with Google" goes to a real OpenID provider on this machine. Its client's redirect
  // URI names the app's address, so the app gets a port chosen here and PUBLIC_URL to match.
  const appUrl = `http://127.0.0.1:${String(await freePort())}`;
  const google = await startTestOidcProvider({ redirectUris: [`${appUrl}/api/auth/callback/google`] });
  const googlePerson = {
    sub: 'e2e-google-person',
    email: 'e2e-google@example.com',
    email_verified: true,
    name: 'Grace Hopper',
  };
  google.setAccount(googlePerson);
  // Trusting the loopback proxy lets each browser context stand for a different address (X-Forwarded-For).
  const dataDir = makeTempDir('townhall-e2e-');
  const server = await spawnServer({
    dataDir,
    env: {
      // every request and debug line, so that the check of the log at the end sees what the run did
      LOG_LEVEL: 'debug',
      ACCESS_LOG: 'full',
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      NODE_ENV: 'production',
      TRUST_PROXY: 'loopback',
      SMTP_URL: smtp.url,
      PORT: new URL(appUrl).port,
      PUBLIC_URL: appUrl,
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER: google.issuer,
    },
  });
  project.provide('baseUrl', server.url);
  project.provide('mailInboxUrl', inbox.url);
  project.provide('googlePerson', googlePerson);
  project.provide('admin', await createFirstAccount(server.url));
  return async () => {
    const secrets = await secretsOfTheRun(dataDir, google.clientSecret);
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    const log = server.output();
    const leaked = secrets.filter((secret) => log.includes(secret.value));
    const passwords = [...log.matchAll(PASSWORDS_OF_THE_TESTS)].map((match) => match[0]);
    if (leaked.length > 0 || passwords.length > 0) {
      // vitest reports an error thrown here but keeps its exit status: set it too
      process.exitCode = 1;
      throw new Error(
        `The browser-test server's log holds secrets: ${[...leaked.map((secret) => secret.what), ...passwords.map(() => 'a password')].join(', ')}`,
      );
    }
    if (secrets.length < 10 || !log.includes('"url":"/api/accounts/sign-in"')) {
      process.exitCode = 1;
      throw new Error(
        `The check of the log found too little to look for (${secrets.length} secrets): it proves nothing`,
      );
    }
    await google.close();
    await inbox.close();
    await smtp.close();
  };
}

/** Signs up the run's first account, before any test, so the admin tests know who the administrator is. */
async function createFirstAccount(baseUrl: string) {
  const admin = { email: 'e2e-admin@example.com', username: 'e2e_chief', password: 'e2e admin secret' };
  const response = await fetch(`${baseUrl}/api/accounts/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': '198.19.0.1' },
    body: JSON.stringify(admin),
  });
  const body = (await response.json()) as { user?: { role?: string } };
  if (response.status !== 201 || body.user?.role !== 'admin') {
    throw new Error(`The first account of the browser-test server is not an administrator: ${JSON.stringify(body)}`);
  }
  return admin;
}

/** The passwords the browser tests make up: kit.ts's `long enough 1a2b…`, the password tests' `second secret 1a2b…`. */
const PASSWORDS_OF_THE_TESTS = /(?:long enough|secret) [0-9a-f]{8,10}\b|e2e admin secret/g;

/**
 * Every secret the run left in the server's database, and the configured ones: session tokens,
 * single-use tokens (reset links, OAuth state), Google's tokens, password hashes, the link tokens
 * of every e-mail sent, the embedded database's password and the session secret. After the whole
 * browser suite, the server's log (debug, every request) must contain none of them.
 */
async function secretsOfTheRun(dataDir: string, googleClientSecret: string) {
  const stored = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    postgresPassword: string;
    sessionSecret: string;
  };
  const port = fs
    .readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    ?.trim();
  const client = new pg.Client({
    connectionString: `postgres://townhall:${encodeURIComponent(stored.postgresPassword)}@127.0.0.1:${port}/townhall`,
  });
  await client.connect();
  try {
    const secrets: { what: string; value: string }[] = [
      { what: 'the embedded database password', value: stored.postgresPassword },
      { what: 'the session secret', value: stored.sessionSecret },
      { what: "Google's client secret", value: googleClientSecret },
    ];
    const add = (what: string, values: (string | null)[]) => {
      for (const value of values) if (value && value.length >= 8) secrets.push({ what, value });
    };
    add(
      'a session token',
      (await client.query<{ token: string }>('select token from sessions')).rows.map((row) => row.token),
    );
    for (const row of (
      await client.query<{ identifier: string; value: string }>('select identifier, value from verifications')
    ).rows) {
      add('a single-use token', [row.identifier.slice(row.identifier.indexOf(':') + 1)]);
    }
    for (const row of (
      await client.query<{ access_token: string | null; id_token: string | null; password: string | null }>(
        'select access_token, id_token, password from accounts',
      )
    ).rows) {
      add("Google's tokens", [row.access_token, row.id_token]);
      add('a password hash', [row.password]);
    }
    const mail = await client.query<{ content: string }>(
      'select concat_ws(chr(10), text_body, html_body, headers::text) as content from mail_messages',
    );
    for (const row of mail.rows) {
      add(
        'a token of an e-mail link',
        [...row.content.matchAll(/[?&]token=([A-Za-z0-9._~-]{16,})/g)].map((match) => match[1] ?? null),
      );
    }
    return secrets;
  } finally {
    await client.end();
  }
}
