import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import { pino } from 'pino';
import { buildApp, loggerOptions } from './app.ts';
import { ConfigError, loadConfig, type AppConfig } from './config/env.ts';
import { ensureDatabase, withClient } from './db/client.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { DataDirLockedError, ensureDataDir, loadOrCreateSecrets, lockDataDir } from './lib/data-dir.ts';
import { describeDatabaseError, isDatabaseUnavailableError, markProcessStopping } from './lib/database-errors.ts';

export interface RunningServer {
  app: FastifyInstance;
  /** The address it listens on, e.g. http://127.0.0.1:3000. */
  url: string;
  close(): Promise<void>;
}

/**
 * The database of this process: DATABASE_URL's, or the embedded server under the data
 * directory (started here, with a `townhall` database created on first use).
 */
export async function openDatabase(
  config: AppConfig,
  embeddedPassword: string,
  logger: FastifyBaseLogger,
): Promise<{ databaseUrl: string; isEmbedded: boolean; close(): Promise<void> }> {
  if (config.databaseUrl) return { databaseUrl: config.databaseUrl, isEmbedded: false, close: async () => {} };
  const embedded = await startEmbeddedPostgres({
    dir: path.join(config.dataDir, 'postgres'),
    password: embeddedPassword,
    logger,
  });
  try {
    return {
      databaseUrl: await ensureDatabase(embedded.url, 'townhall'),
      isEmbedded: true,
      close: () => embedded.stop(),
    };
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}

/**
 * How long a starting process waits for its database to answer: DATABASE_URL's server may be
 * starting at the same time (a machine booting, Compose starting both). Once running, the
 * process never stops for the database; it answers 503 until the database is back.
 */
export const DATABASE_START_WAIT_MS = 30_000;

/** The database did not answer in time at start, or refused us: said in one sentence, without a stack. */
export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

/** host:port/database of `url`, without the password, for messages. */
function describeDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

/**
 * Waits until the database answers, retrying with backoff while it is unreachable or starting
 * up, for at most `timeoutMs`; any other error (a wrong password, a missing database) at once.
 */
export async function waitForDatabase(
  url: string,
  logger: FastifyBaseLogger,
  timeoutMs = DATABASE_START_WAIT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await withClient(url, (client) => client.query('select 1'));
      if (attempt > 0) logger.info({ database: describeDatabaseUrl(url) }, 'the database answers');
      return;
    } catch (error) {
      const delay = Math.min(5_000, 250 * 2 ** attempt);
      const isAway = isDatabaseUnavailableError(error);
      if (!isAway || Date.now() + delay > deadline) {
        const problem = isAway ? 'cannot reach' : 'cannot use';
        throw new DatabaseUnreachableError(
          `Townhall ${problem} its database at ${describeDatabaseUrl(url)}: ${describeDatabaseError(error).message}`,
          { cause: error },
        );
      }
      logger.warn(
        { database: describeDatabaseUrl(url), reason: describeDatabaseError(error), retryInMs: delay },
        'waiting for the database',
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * Starts one Townhall process: claims the data directory, starts the embedded database
 * unless DATABASE_URL names one, applies migrations, then serves API, live channel and client.
 */
export async function startServer(options: { plugins?: FastifyPluginAsync[] } = {}): Promise<RunningServer> {
  const config = loadConfig();
  const logger = pino(loggerOptions(config) as never);
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.splice(0).reverse()) {
      try {
        await step();
      } catch (error) {
        logger.warn({ err: error }, 'shutdown step failed');
      }
    }
  };

  try {
    ensureDataDir(config.dataDir);
    cleanups.push(lockDataDir(config.dataDir));
    const secrets = loadOrCreateSecrets(config.dataDir);
    if (config.databaseUrl && !config.sessionSecret) {
      logger.warn(
        'SESSION_SECRET is not set: each process keeps its own. Set it when several processes serve one site.',
      );
    }

    const database = await openDatabase(config, secrets.postgresPassword, logger);
    cleanups.push(() => database.close());
    const { databaseUrl } = database;
    await waitForDatabase(databaseUrl, logger);
    await runMigrations(databaseUrl, logger);

    const app = await buildApp({
      config: { ...config, sessionSecret: config.sessionSecret ?? secrets.sessionSecret },
      databaseUrl,
      plugins: options.plugins ?? [],
    });
    cleanups.push(() => app.close());
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = address && typeof address === 'object' ? address.port : config.port;
    const url = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;
    app.log.info(
      { url, database: database.isEmbedded ? 'embedded' : 'external', live: config.redisUrl ? 'redis' : 'postgres' },
      `Townhall is ready on ${url}`,
    );
    return { app, url, close: cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * The longest a stop may take: the requests' grace (10 s), the live sockets' (2 s), the job
 * workers' current jobs (10 s), and the database. Past it the process exits with status 1.
 */
export const SHUTDOWN_TIMEOUT_MS = 30_000;

/** Writes out what the logger still holds. */
async function flushLogs(logger: FastifyBaseLogger): Promise<void> {
  const { flush } = logger as FastifyBaseLogger & { flush?: (done: () => void) => void };
  if (!flush) return;
  await new Promise<void>((resolve) => {
    try {
      flush.call(logger, () => resolve());
    } catch {
      resolve();
    }
  });
}

/**
 * Runs a server process until SIGINT or SIGTERM, then stops it in order (server/lib/graceful-close.ts):
 * no new connections, the requests under way finish, live sockets close with 1001, the job workers
 * finish their current job, the pools close, the logs are flushed, and the embedded database
 * stops last. Exit status 0; 1 if the stop failed or took longer than SHUTDOWN_TIMEOUT_MS; a start
 * failure exits with status 1. A second signal exits at once.
 */
export async function runMain(options: { plugins?: FastifyPluginAsync[] } = {}): Promise<void> {
  try {
    const server = await startServer(options);
    const log = server.app.log;
    let isStopping = false;
    const stop = (signal: string) => {
      if (isStopping) {
        log.warn({ signal }, 'second signal: exiting without finishing the shutdown');
        process.exit(1);
      }
      isStopping = true;
      markProcessStopping();
      log.info({ signal }, 'shutting down: finishing the requests under way (send the signal again to exit at once)');
      const overdue = setTimeout(() => {
        log.error({ timeoutMs: SHUTDOWN_TIMEOUT_MS }, 'the shutdown took too long: exiting');
        void flushLogs(log).finally(() => process.exit(1));
      }, SHUTDOWN_TIMEOUT_MS);
      overdue.unref();
      void server
        .close()
        .then(
          () => {
            log.info('Townhall stopped');
            return 0;
          },
          (error: unknown) => {
            log.error({ err: error }, 'the shutdown failed');
            return 1;
          },
        )
        .then(async (status) => {
          await flushLogs(log);
          process.exit(status);
        });
    };
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal));
  } catch (error) {
    if (
      error instanceof ConfigError ||
      error instanceof DataDirLockedError ||
      error instanceof DatabaseUnreachableError
    ) {
      console.error(`Townhall cannot start.\n${error.message}`);
    } else {
      console.error('Townhall cannot start:', error);
    }
    process.exit(1);
  }
}

if (import.meta.main) await runMain();
