import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { SessionListResponse, SessionView } from '#shared/schemas/sessions.ts';

import { sessionKeys } from './query-keys.ts';

/** GET /api/sessions?view&cursor: one page of every group's sessions. */
export function getSessions(
  { view, cursor }: { view: SessionView; cursor: string | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<SessionListResponse> {
  const params = new URLSearchParams({ view });
  if (cursor) params.set('cursor', cursor);
  return api.get<SessionListResponse>(`/api/sessions?${params.toString()}`, { signal });
}

export function sessionsQueryOptions(view: SessionView) {
  return infiniteQueryOptions({
    queryKey: sessionKeys.list(view),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getSessions({ view, cursor: pageParam }, { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Upcoming, live or past sessions, a page at a time. */
export function useSessions(view: SessionView) {
  return useInfiniteQuery(sessionsQueryOptions(view));
}
