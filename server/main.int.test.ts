import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { makeTempDir } from './test/test-database.ts';
import { spawnServer, type SpawnedServer } from './test/spawn-server.ts';

// On the external server the processes share this run's database; on the embedded project
// each process starts the embedded PostgreSQL of its data directory, as `npm start` does.
const kind = inject('databaseKind');
const env = { DATABASE_URL: kind === 'external' ? inject('databaseUrl') : undefined, REDIS_URL: undefined };

const started: SpawnedServer[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe(`a server process (${kind} database)`, () => {
  it('refuses a second process on the same data directory, stops cleanly, and starts again', async () => {
    const dataDir = makeTempDir('townhall-test-lock-');
    dirs.push(dataDir);
    const first = await spawnServer({ dataDir, env });
    started.push(first);
    expect((await fetch(`${first.url}/api/ready`)).status).toBe(200);

    const second = spawnServer({ dataDir, env, timeoutMs: 30_000 });
    await expect(second).rejects.toThrow(/exited with 1/);
    await expect(second).rejects.toThrow(
      `Another Townhall process (pid ${first.process.pid}) is already using the data directory ${dataDir}`,
    );

    expect(await first.stop()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'townhall.pid'))).toBe(false);
    if (kind === 'embedded') expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const again = await spawnServer({ dataDir, env });
    started.push(again);
    expect((await fetch(`${again.url}/api/ready`)).status).toBe(200);
  }, 120_000);

  it('stops with a message naming a bad variable', async () => {
    await expect(spawnServer({ env: { ...env, PORT: 'eighty' }, timeoutMs: 30_000 })).rejects.toThrow(
      'PORT: must be a port number from 0 to 65535',
    );
  });
});
