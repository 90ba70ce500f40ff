import type { FastifyBaseLogger } from 'fastify';
import { describeDatabaseError } from '../../lib/database-errors.ts';

type Level = 'info' | 'success' | 'warn' | 'error' | 'debug';

/**
 * better-auth's log lines through our pino logger. An error is logged by its own text only:
 * Drizzle's wrapper carries the statement's parameters, and for a session lookup that is the
 * session token, which must never reach a log.
 */
export function betterAuthLogger(logger: FastifyBaseLogger) {
  return {
    log: (level: Level, message: string, ...args: unknown[]) => {
      const method = level === 'error' ? 'error' : level === 'warn' ? 'warn' : level === 'info' ? 'info' : 'debug';
      const details = args.map((arg) => (arg instanceof Error ? describeDatabaseError(arg) : arg));
      logger[method]({ component: 'better-auth', details: details.length > 0 ? details : undefined }, message);
    },
  };
}
