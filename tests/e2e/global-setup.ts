import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { spawnServer } from '../../server/test/spawn-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
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
  return async () => {
    await server.stop();
  };
}
