import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { betterAuthLogger } from './better-auth-logger.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), lines };
}

describe('better-auth log lines', () => {
  it('keep a failed query out of the log: its parameters can be a session token', () => {
    const { logger, lines } = capture();
    const token = 'sessiontoken-0123456789abcdef';
    const cause = Object.assign(new Error('Connection terminated unexpectedly'), { code: undefined });
    // the shape of Drizzle's DrizzleQueryError: the statement and its parameters in message and fields
    const wrapped = Object.assign(
      new Error(`Failed query: select * from sessions where token = $1\nparams: ${token}`),
      {
        query: 'select * from sessions where token = $1',
        params: [token],
        cause,
      },
    );
    betterAuthLogger(logger).log('error', 'Failed to get session', wrapped);
    const text = lines.join('');
    expect(text).toContain('Failed to get session');
    expect(text).toContain('Connection terminated unexpectedly');
    expect(text).not.toContain(token);
  });

  it('maps the levels and keeps plain details', () => {
    const { logger, lines } = capture();
    betterAuthLogger(logger).log('warn', 'something odd', { hint: 'x' });
    const line = JSON.parse(lines[0] ?? '{}') as { level: number; details: unknown[] };
    expect(line.level).toBe(40);
    expect(line.details).toEqual([{ hint: 'x' }]);
  });
});
