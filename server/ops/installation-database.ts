import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import { ensureDatabase } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { isAlive, lockDataDir } from '../lib/data-dir.ts';

/** The embedded server's superuser (server/db/embedded.ts). */
const EMBEDDED_SUPERUSER = 'townhall';

/** The database the app uses on the embedded server (server/main.ts). */
export const EMBEDDED_DATABASE = 'townhall';

/** Thrown when a command cannot reach the installation's database; the message is for the operator. */
export class InstallationError extends Error {
  override name = 'InstallationError';
}

export interface InstallationDatabase {
  /** Connection string of the app's database (`townhall` on the embedded server, or DATABASE_URL). */
  url: string;
  /** The embedded server's superuser URL of its `postgres` database; undefined for DATABASE_URL. */
  serverUrl: string | undefined;
  kind: 'external' | 'embedded-running' | 'embedded-started';
  /** Stops the embedded server this command started and releases the data directory; nothing otherwise. */
  close(): Promise<void>;
}

/** The password of the embedded server, from DATA_DIR/secrets.json (server/lib/data-dir.ts). */
function embeddedPassword(dataDir: string): string {
  const file = path.join(dataDir, 'secrets.json');
  let secrets: { postgresPassword?: unknown };
  try {
    secrets = JSON.parse(fs.readFileSync(file, 'utf8')) as { postgresPassword?: unknown };
  } catch (error) {
    throw new InstallationError(
      `${file} cannot be read (${(error as Error).message}): is DATA_DIR (${dataDir}) a Townhall data directory?`,
    );
  }
  if (typeof secrets.postgresPassword !== 'string') {
    throw new InstallationError(`${file} holds no postgresPassword: it is not a Townhall secrets file.`);
  }
  return secrets.postgresPassword;
}

/**
 * The port of the embedded server running on `clusterDir`, from its postmaster.pid (line 1: the
 * pid, line 4: the port), or undefined when none runs.
 */
export function runningEmbeddedPort(clusterDir: string): number | undefined {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

/**
 * Reaches the database of the installation `config` describes, for operator commands (backup,
 * doctor), whether the site runs or not:
 * - DATABASE_URL: that database;
 * - the embedded server while Townhall runs: the server it started (port from postmaster.pid,
 *   password from secrets.json);
 * - the embedded server while Townhall is stopped: started here, holding the data directory's
 *   lock so that Townhall cannot start on it meanwhile; `close()` stops it.
 */
export async function openInstallationDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  logger: FastifyBaseLogger,
): Promise<InstallationDatabase> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, serverUrl: undefined, kind: 'external', close: async () => {} };
  }
  const clusterDir = path.join(config.dataDir, 'postgres');
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    throw new InstallationError(
      `There is no Townhall database in ${path.resolve(config.dataDir)}: set DATA_DIR to the data directory of the installation, or DATABASE_URL to its database.`,
    );
  }
  const password = embeddedPassword(config.dataDir);
  const serverUrlAt = (port: number) =>
    `postgres://${EMBEDDED_SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const appUrlAt = (port: number) =>
    `postgres://${EMBEDDED_SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;

  const port = runningEmbeddedPort(clusterDir);
  if (port !== undefined) {
    return { url: appUrlAt(port), serverUrl: serverUrlAt(port), kind: 'embedded-running', close: async () => {} };
  }

  // Not running: claim the data directory as Townhall itself would (a Townhall starting meanwhile is refused).
  const release = lockDataDir(config.dataDir);
  try {
    const embedded = await startEmbeddedPostgres({ dir: clusterDir, password, logger });
    try {
      const url = await ensureDatabase(embedded.url, EMBEDDED_DATABASE);
      return {
        url,
        serverUrl: embedded.url,
        kind: 'embedded-started',
        close: async () => {
          try {
            await embedded.stop();
          } finally {
            release();
          }
        },
      };
    } catch (error) {
      await embedded.stop();
      throw error;
    }
  } catch (error) {
    release();
    throw error;
  }
}
