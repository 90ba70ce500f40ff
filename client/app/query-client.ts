import { QueryClient } from '@tanstack/react-query';
import type { QueryClientConfig } from '@tanstack/react-query';

/** How long an answer counts as fresh. */
export const QUERY_STALE_TIME_MS = 30_000;
/** How long an answer nobody uses stays in the cache. */
export const QUERY_GC_TIME_MS = 300_000;
/** How often a failed query is tried again. */
export const QUERY_RETRY_COUNT = 3;
/** First retry delay of a failed query; each further one doubles. */
export const QUERY_RETRY_BASE_MS = 1_000;
/** The retry delay never grows past this. */
export const QUERY_RETRY_MAX_MS = 30_000;
/** A failed mutation is tried once more. */
export const MUTATION_RETRY_COUNT = 1;

/** Delay before retry number `attempt + 1` of a query: 1 s, 2 s, 4 s, … capped at 30 s. */
export function queryRetryDelay(attempt: number): number {
  return Math.min(QUERY_RETRY_BASE_MS * 2 ** attempt, QUERY_RETRY_MAX_MS);
}

/** The cache settings above, exported so a test can hold them to the spec. */
export const queryClientConfig = {
  defaultOptions: {
    queries: {
      staleTime: QUERY_STALE_TIME_MS,
      gcTime: QUERY_GC_TIME_MS,
      refetchOnWindowFocus: false,
      retry: QUERY_RETRY_COUNT,
      retryDelay: queryRetryDelay,
    },
    mutations: {
      retry: MUTATION_RETRY_COUNT,
    },
  },
} satisfies QueryClientConfig;

/** Creates the app's query cache with the spec's settings. */
export function createQueryClient(): QueryClient {
  return new QueryClient(queryClientConfig);
}
