import { describe, expect, it } from 'vitest';
import { logsArePretty } from './app.ts';

describe('the log format', () => {
  it('is JSON lines in production unless a terminal reads it, readable lines in development', () => {
    expect(logsArePretty({ env: 'production' }, false)).toBe(false);
    expect(logsArePretty({ env: 'production' }, true)).toBe(true);
    expect(logsArePretty({ env: 'development' }, false)).toBe(true);
    // tests read the JSON lines, whatever runs them
    expect(logsArePretty({ env: 'test' }, true)).toBe(false);
  });
});
