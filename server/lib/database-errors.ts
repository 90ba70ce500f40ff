/** Database errors: which ones mean "the database is away", and logging those of background work. */

/** SQLSTATEs of a database server that is shutting down or restarting. */
const SHUTDOWN_CODES: ReadonlySet<string> = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up or shutting down
]);

/**
 * SQLSTATEs besides class 08 (connection exception) that say the server cannot serve us now,
 * whatever the request: retrying later is the answer, not fixing the request.
 */
const UNAVAILABLE_CODES: ReadonlySet<string> = new Set([
  ...SHUTDOWN_CODES,
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout (an overloaded or stuck server)
  '58P01', // undefined_file: the data directory went away under a running server
]);

/** Socket errors of a connection to a server that is down, restarting or out of reach. */
const SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Messages node-postgres (and ioredis) give such failures without a code: a connection cut in the middle,
 * a pool checkout that waited connectionTimeoutMillis, a query timeout, a client or pool
 * already unusable because of one of those (or because the process is stopping).
 */
const DRIVER_MESSAGES = [
  /^Connection terminated/, // "…unexpectedly", "…due to connection timeout", plain "Connection terminated"
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /^timeout expired$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  // ioredis (the rate limits' Redis): a command that found no connection
  /^Reached the max retries per request limit/,
  /^Connection is closed\.$/,
  /^Stream isn't writeable and enableOfflineQueue options is false$/,
];

/** `error` and what it wraps: Drizzle puts the driver's error in `cause`, Node a failed dual-stack connect in `errors`. */
function* errorChain(error: unknown, depth = 0): Generator<object> {
  if (depth > 8 || typeof error !== 'object' || error === null) return;
  yield error;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  yield* errorChain(cause, depth + 1);
  if (Array.isArray(errors)) for (const inner of errors) yield* errorChain(inner, depth + 1);
}

/** Whether `error` says the database server is shutting down. */
export function isDatabaseShutdownError(error: unknown): boolean {
  for (const item of errorChain(error)) {
    const code = (item as { code?: unknown }).code;
    if (typeof code === 'string' && SHUTDOWN_CODES.has(code)) return true;
  }
  return false;
}

/**
 * Whether `error` (or one it wraps) means the database — PostgreSQL, or Redis where it keeps
 * the rate limits — cannot be reached or cannot serve right now: down, restarting, out of
 * connections, or every pooled connection busy past the checkout timeout; rather than a
 * mistake of the request or of our code. Such a request
 * deserves a 503 and a retry, never a 500.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  for (const item of errorChain(error)) {
    const { code, message } = item as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (code.startsWith('08') && code.length === 5) return true; // connection_exception class
      if (UNAVAILABLE_CODES.has(code) || SOCKET_CODES.has(code)) return true;
    }
    if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/**
 * What to log of an unreachable-database error: the driver's code and message at the bottom of
 * the chain. Not the error itself: Drizzle's wrapper carries the statement's parameters, and
 * those can be a session token or what a person wrote.
 */
export function describeDatabaseError(error: unknown): { code?: string; message: string } {
  for (const item of errorChain(error)) {
    const { code, message, query } = item as { code?: unknown; message?: unknown; query?: unknown };
    // skip Drizzle's wrapper (it has the query) and messageless wrappers such as AggregateError
    if (query !== undefined || typeof message !== 'string' || message === '') continue;
    return { ...(typeof code === 'string' ? { code } : {}), message };
  }
  return { message: String(error) };
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

/** Whether markProcessStopping was called: this process is shutting down on purpose. */
export function processIsStopping(): boolean {
  return isProcessStopping;
}

type Logger = {
  debug: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

/**
 * node-postgres hangs the whole client (its connection, parser state, queue) on the errors of
 * idle connections as `client`; logged, that is kilobytes of noise per line. Hidden, not removed.
 */
function withoutClient(error: unknown): unknown {
  if (typeof error === 'object' && error !== null && Object.prototype.propertyIsEnumerable.call(error, 'client')) {
    Object.defineProperty(error, 'client', { enumerable: false });
  }
  return error;
}

/**
 * Logs an error of background database work (job queues, idle connections, the live listener).
 * While the process is stopping and the database shuts down too, at debug; an unreachable
 * database, which the app survives and recovers from, at most at warn; anything else at `level`.
 */
export function logDatabaseError(logger: Logger, level: 'warn' | 'error', error: unknown, message: string): void {
  const err = withoutClient(error);
  if (isProcessStopping && (isDatabaseShutdownError(error) || isDatabaseUnavailableError(error))) {
    logger.debug({ err }, message);
    return;
  }
  if (isDatabaseUnavailableError(error)) {
    logger.warn({ err }, message);
    return;
  }
  logger[level]({ err }, message);
}

/** Whether `error`, or an error it wraps (Drizzle wraps the driver's), carries PostgreSQL's SQLSTATE `code`. */
export function hasPgCode(error: unknown, code: '23503' | '23505'): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}
