import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { HealthResponse } from '#shared/schemas/health.ts';

/** GET /api/health: whether the API process is alive, and its version. */
export function getHealth({ signal }: { signal?: AbortSignal } = {}): Promise<HealthResponse> {
  return api.get<HealthResponse>('/api/health', { signal });
}

/** Query key and fetcher of the health check, for useQuery, prefetching and invalidation. */
export function healthQueryOptions() {
  return queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => getHealth({ signal }),
  });
}

/** The API's health, from the cache or the server. */
export function useHealth() {
  return useQuery(healthQueryOptions());
}
