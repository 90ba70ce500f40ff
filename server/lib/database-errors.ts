/** Database errors of background work (job queues, idle connections, the live listener). */

/** SQLSTATEs of a database server that is shutting down or restarting. */
const SHUTDOWN_CODES: ReadonlySet<string> = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is shutting down
]);

/** Whether `error` says the database server is shutting down. */
export function isDatabaseShutdownError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && SHUTDOWN_CODES.has(code);
}

let isProcessStopping = false;

/**
 * Marks this process as stopping. Ctrl+C in a terminal signals the embedded PostgreSQL server
 * too (it runs in the same process group), so it closes our connections while we close them:
 * from now on such errors are expected and no longer reported as failures.
 */
export function markProcessStopping(): void {
  isProcessStopping = true;
}

type Logger = {
  debug: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

/** Logs an error of background database work at `level`, or at debug while stopping if the database is shutting down too. */
export function logDatabaseError(logger: Logger, level: 'warn' | 'error', error: unknown, message: string): void {
  if (isProcessStopping && isDatabaseShutdownError(error)) {
    logger.debug({ err: error }, message);
    return;
  }
  logger[level]({ err: error }, message);
}
