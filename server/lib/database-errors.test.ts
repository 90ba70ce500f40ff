import { describe, expect, it, vi } from 'vitest';
import { isDatabaseShutdownError, logDatabaseError, markProcessStopping } from './database-errors.ts';

const logger = () => ({ debug: vi.fn(), warn: vi.fn(), error: vi.fn() });
const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
const other = Object.assign(new Error('relation "x" does not exist'), { code: '42P01' });

describe('background database errors', () => {
  it('knows the errors of a database that is shutting down', () => {
    expect(isDatabaseShutdownError(shutdown)).toBe(true);
    expect(isDatabaseShutdownError({ code: '57P03' })).toBe(true);
    expect(isDatabaseShutdownError(other)).toBe(false);
    expect(isDatabaseShutdownError(null)).toBe(false);
    expect(isDatabaseShutdownError('57P01')).toBe(false);
  });

  it('reports them as failures while running, and quietly once the process is stopping', () => {
    const running = logger();
    logDatabaseError(running, 'error', shutdown, 'job queue error');
    expect(running.error).toHaveBeenCalledWith({ err: shutdown }, 'job queue error');

    markProcessStopping();
    const stopping = logger();
    logDatabaseError(stopping, 'warn', shutdown, 'idle database connection lost');
    expect(stopping.warn).not.toHaveBeenCalled();
    expect(stopping.debug).toHaveBeenCalledWith({ err: shutdown }, 'idle database connection lost');
    // any other error still counts
    logDatabaseError(stopping, 'error', other, 'job queue error');
    expect(stopping.error).toHaveBeenCalledWith({ err: other }, 'job queue error');
  });
});
