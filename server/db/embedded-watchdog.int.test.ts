import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../test/test-database.ts';
import { guardClientErrors } from './client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts';

// The watchdog of the embedded server, on servers of its own (so on both projects).

const dirs: string[] = [];
const servers: EmbeddedDatabase[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** An embedded server in a fresh directory, with its log lines kept. */
async function start(): Promise<{ server: EmbeddedDatabase; messages: string[] }> {
  const dir = makeTempDir('townhall-test-watchdog-');
  dirs.push(dir);
  const messages: string[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => messages.push((JSON.parse(line) as { msg: string }).msg) },
  );
  const server = await startEmbeddedPostgres({
    dir: path.join(dir, 'cluster'),
    password: randomBytes(12).toString('hex'),
    logger,
  });
  servers.push(server);
  return { server, messages };
}

async function until(what: string, check: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function answers(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  guardClientErrors(client);
  await client.connect();
  try {
    return (await client.query<{ n: number }>('select 41 + 1 as n')).rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

describe('the embedded server watchdog', () => {
  it('restarts a postmaster that was killed, on the same port, and still stops cleanly', async () => {
    const { server, messages } = await start();
    const killed = server.pid();
    if (!killed) throw new Error('no postmaster pid');
    process.kill(killed, 'SIGKILL');

    await until('it is restarted', () => messages.includes('embedded PostgreSQL server restarted'));
    expect(messages).toContain('the embedded PostgreSQL server stopped unexpectedly; restarting it');
    expect(server.pid()).toBeDefined();
    expect(server.pid()).not.toBe(killed);
    expect(await answers(server.url)).toBe(42);

    const restarted = server.pid();
    await server.stop();
    expect(server.pid()).toBeUndefined();
    expect(() => process.kill(restarted ?? 0, 0)).toThrow();
  });

  it('leaves a deliberate shutdown alone, and stopping afterwards does not wait for it', async () => {
    const { server, messages } = await start();
    const pid = server.pid();
    if (!pid) throw new Error('no postmaster pid');
    // what `pg_ctl stop -m fast` sends; PostgreSQL then exits with status 0
    process.kill(pid, 'SIGINT');

    const notice =
      'the embedded PostgreSQL server was shut down from outside; Townhall does not restart it (restart Townhall)';
    await until('the shutdown is noticed', () => messages.includes(notice));
    // the decision is made when the exit is noticed: nothing was scheduled
    expect(messages).not.toContain('the embedded PostgreSQL server stopped unexpectedly; restarting it');
    expect(server.pid()).toBeUndefined();
    await server.stop();
  });
});
