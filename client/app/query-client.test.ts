import { describe, expect, it } from 'vitest';

import { createQueryClient, queryClientConfig, queryRetryDelay } from '#client/app/query-client.ts';

describe('query client (data cache)', () => {
  const { queries, mutations } = queryClientConfig.defaultOptions;

  it('keeps answers fresh for 30 seconds', () => {
    expect(queries.staleTime).toBe(30_000);
  });

  it('keeps unused answers for 5 minutes', () => {
    expect(queries.gcTime).toBe(300_000);
  });

  it('does not refetch when the window regains focus', () => {
    expect(queries.refetchOnWindowFocus).toBe(false);
  });

  it('retries queries 3 times and mutations once', () => {
    expect(queries.retry).toBe(3);
    expect(mutations.retry).toBe(1);
  });

  it('waits 1 s, then doubles, capped at 30 s', () => {
    expect(queries.retryDelay).toBe(queryRetryDelay);
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(queryRetryDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('builds a client with exactly these defaults', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject(queries);
    expect(defaults.mutations).toMatchObject(mutations);
  });
});
