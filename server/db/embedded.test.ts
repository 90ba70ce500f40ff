import { describe, expect, it } from 'vitest';
import { loadEmbeddedPostgres } from './embedded.ts';

describe('loadEmbeddedPostgres', () => {
  it('leaves no hook that could change the exit code or race our shutdown', async () => {
    const events = ['exit', 'beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'message'] as const;
    const before = events.map((event) => process.listenerCount(event));
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    expect(typeof EmbeddedPostgres).toBe('function');
    expect(events.map((event) => process.listenerCount(event))).toEqual(before);
  });
});
