import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { spawnServer } from '../../server/test/spawn-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The run's first account, hence its administrator (spec: the first account created is admin). */
    admin: { email: string; username: string; password: string };
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
  // Trusting the loopback proxy lets each browser context stand for a different address (X-Forwarded-For).
  const server = await spawnServer({
    env: { DATABASE_URL: undefined, REDIS_URL: undefined, NODE_ENV: 'production', TRUST_PROXY: 'loopback' },
  });
  project.provide('baseUrl', server.url);
  project.provide('admin', await createFirstAccount(server.url));
  return async () => {
    await server.stop();
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
