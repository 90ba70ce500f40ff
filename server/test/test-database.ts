import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { withClient } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';

export interface TestDatabase {
  /** URL of a fresh database made for this run, migrated. */
  url: string;
  /** Where it runs: 'embedded' or 'external'. */
  kind: 'embedded' | 'external';
  drop(): Promise<void>;
}

const silent = pino({ level: 'silent' });

/** A directory the embedded server (running as `postgres` when we are root) can enter. */
export function makeTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

async function createFreshDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `townhall_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withClient(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

/**
 * Another fresh, migrated database on the server of `runDatabaseUrl`, for a test that needs
 * one nobody else writes to (e.g. "the first account"). Drop it when done.
 */
export async function createSiblingDatabase(
  runDatabaseUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = new URL(runDatabaseUrl);
  serverUrl.pathname = '/postgres';
  const database = await createFreshDatabase(serverUrl.toString());
  try {
    await runMigrations(database.url, silent);
  } catch (error) {
    await database.drop();
    throw error;
  }
  return database;
}

/**
 * A fresh database for one test run: on a new embedded server in a temporary directory, or
 * on the external server of TEST_DATABASE_URL. Either way it is created, migrated, and
 * dropped at the end, never shared with another run.
 */
export async function createTestDatabase(kind: 'embedded' | 'external'): Promise<TestDatabase> {
  if (kind === 'external') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
    const database = await createFreshDatabase(serverUrl);
    await runMigrations(database.url, silent);
    return { kind, url: database.url, drop: database.drop };
  }
  const dir = makeTempDir('townhall-test-pg-');
  const server = await startEmbeddedPostgres({
    dir: path.join(dir, 'cluster'),
    password: randomBytes(16).toString('hex'),
    logger: silent,
  });
  try {
    const database = await createFreshDatabase(server.url);
    await runMigrations(database.url, silent);
    return {
      kind,
      url: database.url,
      drop: async () => {
        await database.drop().catch(() => undefined);
        await server.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
