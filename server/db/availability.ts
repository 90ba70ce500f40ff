import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { isDatabaseUnavailableError } from '../lib/database-errors.ts';

/** What the pool saw go wrong while a watched call ran. */
const watches = new AsyncLocalStorage<{ error: unknown }>();

/**
 * Makes `pool` tell the watch of the calling context (see `watchDatabaseAvailability`) when a
 * checkout fails because the database cannot serve: every connection busy past the checkout
 * timeout, or no connection to be had.
 */
export function reportCheckoutFailures(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => Promise<unknown> | void;
  const note = (error: unknown) => {
    const watch = watches.getStore();
    if (watch && watch.error === undefined && isDatabaseUnavailableError(error)) watch.error = error;
  };
  const wrapped = (callback?: (...args: unknown[]) => void) => {
    if (typeof callback === 'function') {
      return connect((error: unknown, ...rest: unknown[]) => {
        if (error) note(error);
        callback(error, ...rest);
      });
    }
    return (connect() as Promise<unknown>).catch((error: unknown) => {
      note(error);
      throw error;
    });
  };
  pool.connect = wrapped as typeof pool.connect;
}

/**
 * Runs `fn`, a library call that turns the database's failures into errors of its own (better-auth
 * answers FAILED_TO_CREATE_USER to a checkout that timed out inside its transaction). When it
 * fails after a checkout failed for want of the database, that failure is thrown instead: the
 * error handler answers it 503 with a sentence, never 400 or 500.
 */
export async function watchDatabaseAvailability<T>(fn: () => Promise<T>): Promise<T> {
  const watch: { error: unknown } = { error: undefined };
  try {
    return await watches.run(watch, fn);
  } catch (error) {
    if (!isDatabaseUnavailableError(error) && watch.error !== undefined) throw watch.error;
    throw error;
  }
}
