import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LIVE_RECONNECT_MAX_MS } from '../../shared/constants/live.ts';
import { freePort } from '../../server/test/oidc-provider.ts';
import { spawnServer, type SpawnedServer } from '../../server/test/spawn-server.ts';
import { makeTempDir } from '../../server/test/test-database.ts';
import { newPerson, useBrowser } from './kit.ts';

// A browser on a group page while its server process is stopped (SIGTERM) and started again, the
// way an operator restarts Townhall. A question asked while no process listened on the page's
// address reaches no socket: the page shows it only if it reconnected and read the queue again.
// One process (`keeper`) stays up all along and owns the embedded database the others use.

const browser = useBrowser();
const servers: SpawnedServer[] = [];
const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The URL of the embedded database of a running process's data directory. */
function embeddedDatabaseUrl(dataDir: string): string {
  const port = fs
    .readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    ?.trim();
  const { postgresPassword } = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    postgresPassword: string;
  };
  return `postgres://townhall:${encodeURIComponent(postgresPassword)}@127.0.0.1:${port}/townhall`;
}

describe('a page open while its server restarts', () => {
  it('reconnects after the 1001 and reads again what it missed, then gets live events again', async () => {
    const keeperDir = makeTempDir('townhall-e2e-keeper-');
    dirs.push(keeperDir);
    const shared = {
      REDIS_URL: undefined,
      NODE_ENV: 'production',
      TRUST_PROXY: 'loopback',
      SESSION_SECRET: 'restart-e2e-secret-restart-e2e-secret',
    };
    // one site: the keeper has the page's PUBLIC_URL too (requests from the page's origin are its own)
    const port = await freePort();
    const pageUrl = `http://127.0.0.1:${port}`;
    const keeper = await spawnServer({
      dataDir: keeperDir,
      env: { ...shared, DATABASE_URL: undefined, PUBLIC_URL: pageUrl },
    });
    servers.push(keeper);
    const env = { ...shared, DATABASE_URL: embeddedDatabaseUrl(keeperDir), PORT: String(port), PUBLIC_URL: pageUrl };
    const first = await spawnServer({ env });
    servers.push(first);

    // the page loses its server on purpose (its failed requests are console errors): page errors are what counts
    const { context, page } = await browser.unwatchedContext();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const person = newPerson('restart');
    const headers = { origin: pageUrl };
    expect((await context.request.post(`${pageUrl}/api/accounts/sign-up`, { data: person, headers })).status()).toBe(
      201,
    );
    const slug = `restart-${randomBytes(4).toString('hex')}`;
    const created = await context.request.post(`${pageUrl}/api/groups`, {
      data: { name: 'Restart', slug, ama: true },
      headers,
    });
    expect(created.status()).toBe(201);
    const groupId = ((await created.json()) as { group: { id: string } }).group.id;
    // the keeper process accepts the same session: one site, one SESSION_SECRET
    const ask = async (baseUrl: string, body: string) => {
      const response = await context.request.post(`${baseUrl}/api/groups/${groupId}/questions`, {
        data: { body },
        headers: { origin: pageUrl },
      });
      expect(response.status(), await response.text()).toBe(201);
    };

    await page.goto(`${pageUrl}/group/${slug}?tab=questions`);
    await ask(pageUrl, 'Asked before the restart?');
    await page.getByText('Asked before the restart?').waitFor();

    expect(await first.stop()).toBe(0);
    await ask(keeper.url, 'Asked while the page had no server?');
    const again = await spawnServer({ env });
    servers.push(again);

    // no event can carry it: only the read after the reconnect shows it
    // (the live client retries with backoff while the server is away: up to LIVE_RECONNECT_MAX_MS apart)
    await page.getByText('Asked while the page had no server?').waitFor({ timeout: LIVE_RECONNECT_MAX_MS + 20_000 });
    // and the page is live again: a question asked through the other process arrives as an event
    await ask(keeper.url, 'Asked after the restart?');
    await page.getByText('Asked after the restart?').waitFor({ timeout: 10_000 });
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
