import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import { pino } from 'pino';
import { buildApp, loggerOptions } from './app.ts';
import { ConfigError, loadConfig, type AppConfig } from './config/env.ts';
import { ensureDatabase } from './db/client.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { DataDirLockedError, ensureDataDir, loadOrCreateSecrets, lockDataDir } from './lib/data-dir.ts';
import { markProcessStopping } from './lib/database-errors.ts';

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

/** Runs a server process until SIGINT or SIGTERM; a start failure exits with status 1. */
export async function runMain(options: { plugins?: FastifyPluginAsync[] } = {}): Promise<void> {
  try {
    const server = await startServer(options);
    let isStopping = false;
    const stop = (signal: string) => {
      if (isStopping) return;
      isStopping = true;
      markProcessStopping();
      server.app.log.info({ signal }, 'shutting down');
      void server.close().then(() => process.exit(0));
    };
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop(signal));
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(`Townhall cannot start.\n${error.message}`);
    } else {
      console.error('Townhall cannot start:', error);
    }
    process.exit(1);
  }
}

if (import.meta.main) await runMain();
