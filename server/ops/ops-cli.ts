import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { ConfigError, loadConfig, type AppConfig } from '../config/env.ts';
import { DataDirLockedError } from '../lib/data-dir.ts';
import { InstallationError } from './installation-database.ts';
import { OpsError } from './ops-error.ts';

/** The configuration, as `npm start` reads it; a bad variable is an OpsError naming it. */
export function loadOpsConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new OpsError(error.message);
    throw error;
  }
}

const isDebug = () => ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '');

/**
 * The log of an operator command: warnings and errors only (the embedded server's start, for
 * instance, is not news), on stderr; everything with LOG_LEVEL=debug.
 */
export function opsLogger(config: Pick<AppConfig, 'logLevel'>): FastifyBaseLogger {
  const level =
    config.logLevel === 'debug' || config.logLevel === 'trace' || config.logLevel === 'silent'
      ? config.logLevel
      : 'warn';
  return pino({ level }, pino.destination(2)) as unknown as FastifyBaseLogger;
}

/**
 * Prints why a command failed: the sentence of a failure we foresaw, or `<command> failed: <message>`
 * for any other; the stack only with LOG_LEVEL=debug.
 */
export function reportFailure(command: string, error: unknown): void {
  const foreseen =
    error instanceof OpsError ||
    error instanceof InstallationError ||
    error instanceof DataDirLockedError ||
    error instanceof ConfigError;
  const message = error instanceof Error ? error.message : String(error);
  console.error(foreseen ? message : `${command} failed: ${message}`);
  if (isDebug() && error instanceof Error && error.stack) console.error(error.stack);
}

/**
 * Aborted at the first SIGINT or SIGTERM with an OpsError saying `interrupted` (the command then
 * cleans up and exits 1); a second signal exits at once.
 */
export function abortOnSignals(interrupted: (signal: string) => string): AbortSignal {
  const controller = new AbortController();
  for (const name of ['SIGINT', 'SIGTERM'] as const) {
    process.on(name, () => {
      if (controller.signal.aborted) process.exit(130);
      controller.abort(new OpsError(interrupted(name)));
    });
  }
  return controller.signal;
}

/**
 * A path the operator typed, absolute: npm runs scripts in the project folder, so a relative one is
 * taken from where `npm run` was called (INIT_CWD), as the operator meant it.
 */
export function fromCallerFolder(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}
