import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  describeDatabaseError,
  isDatabaseShutdownError,
  isDatabaseUnavailableError,
  logDatabaseError,
  markProcessStopping,
} from './database-errors.ts';

const logger = () => ({ debug: vi.fn(), warn: vi.fn(), error: vi.fn() });
const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
const other = Object.assign(new Error('relation "x" does not exist'), { code: '42P01' });
const unique = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('database errors', () => {
  it('knows the errors of a database that is shutting down', () => {
    expect(isDatabaseShutdownError(shutdown)).toBe(true);
    expect(isDatabaseShutdownError({ code: '57P03' })).toBe(true);
    expect(isDatabaseShutdownError(new DrizzleQueryError('select 1', [], shutdown))).toBe(true);
    expect(isDatabaseShutdownError(other)).toBe(false);
    expect(isDatabaseShutdownError(null)).toBe(false);
    expect(isDatabaseShutdownError('57P01')).toBe(false);
  });

  it('tells a database that is away from a request or a bug that failed', () => {
    const away: unknown[] = [
      shutdown,
      refused,
      { code: '57P03' },
      { code: '08006' },
      { code: '53300' },
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') }),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      // Drizzle wraps the driver's error; Node wraps both addresses of a dual-stack connect
      new DrizzleQueryError('insert into "posts" …', [], new Error('Connection terminated unexpectedly')),
      new AggregateError([refused, refused], 'connect failed'),
      new Error(
        'Reached the max retries per request limit (which is 2). Refer to "maxRetriesPerRequest" option for details.',
      ),
      new Error('Connection is closed.'),
    ];
    for (const error of away) expect(isDatabaseUnavailableError(error), String(error)).toBe(true);

    const notAway: unknown[] = [
      other,
      unique,
      new DrizzleQueryError('insert …', [], unique),
      new Error('Cannot read properties of undefined'),
      { code: '0800' },
      null,
      'ECONNREFUSED',
    ];
    for (const error of notAway) expect(isDatabaseUnavailableError(error), String(error)).toBe(false);
  });

  it('logs an unreachable database as a warning, other failures at their level, and quietly once stopping', () => {
    const running = logger();
    logDatabaseError(running, 'error', shutdown, 'job queue error');
    expect(running.warn).toHaveBeenCalledWith({ err: shutdown }, 'job queue error');
    logDatabaseError(running, 'error', other, 'job queue error');
    expect(running.error).toHaveBeenCalledWith({ err: other }, 'job queue error');

    // node-postgres's `client` (kilobytes of connection state) stays on the error but out of the log
    const withClient = Object.assign(new Error('Connection terminated unexpectedly'), { client: { huge: true } });
    logDatabaseError(running, 'warn', withClient, 'idle database connection lost');
    expect(Object.keys(withClient)).not.toContain('client');
    expect(withClient.client).toEqual({ huge: true });

    markProcessStopping();
    const stopping = logger();
    logDatabaseError(stopping, 'warn', shutdown, 'idle database connection lost');
    logDatabaseError(stopping, 'error', refused, 'job queue error');
    expect(stopping.warn).not.toHaveBeenCalled();
    expect(stopping.debug).toHaveBeenCalledWith({ err: shutdown }, 'idle database connection lost');
    // any other error still counts
    logDatabaseError(stopping, 'error', other, 'job queue error');
    expect(stopping.error).toHaveBeenCalledWith({ err: other }, 'job queue error');
  });
});

describe('describeDatabaseError', () => {
  it("names the driver's error and leaves the statement's parameters out", () => {
    const wrapped = new DrizzleQueryError('select … where token = $1', ['secret-session-token'], shutdown);
    expect(describeDatabaseError(wrapped)).toEqual({ code: '57P01', message: shutdown.message });
    expect(JSON.stringify(describeDatabaseError(wrapped))).not.toContain('secret-session-token');
    expect(describeDatabaseError(new AggregateError([refused], ''))).toEqual({
      code: 'ECONNREFUSED',
      message: refused.message,
    });
  });
});
