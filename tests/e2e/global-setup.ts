import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startTestOidcProvider, type TestOidcAccount } from '../../server/test/oidc-provider.ts';
import { startTestSmtpServer } from '../../server/test/smtp-server.ts';
import { spawnServer } from '../../server/test/spawn-server.ts';
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
  const server = await spawnServer({
    env: {
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
    await server.stop();
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
