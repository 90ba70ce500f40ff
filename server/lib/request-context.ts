import { AsyncLocalStorage } from 'node:async_hooks';
import { symbols } from 'pino';

/** The id of the request whose work is running (set for each request's lifecycle in server/app.ts). */
export const requestIds = new AsyncLocalStorage<string>();

/** pino's error level: errors and fatal lines get the request id. */
const ERROR_LEVEL = 50;

/**
 * A pino mixin: an error logged while a request is handled carries its `reqId`, whichever logger
 * wrote it (the app's own, a feature's child, a library's), so that an operator can find the
 * request's other lines. Lines of the request's own logger already have it and get nothing more.
 */
export function requestIdOfErrors(_merge: object, level: number, logger?: unknown): { reqId?: string } {
  if (level < ERROR_LEVEL) return {};
  const reqId = requestIds.getStore();
  if (reqId === undefined) return {};
  const bound = (logger as Record<symbol, unknown> | undefined)?.[symbols.chindingsSym];
  return typeof bound === 'string' && bound.includes('"reqId":') ? {} : { reqId };
}
