import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import { retryRead } from '#client/lib/retry-read.ts';
import type { SessionAnalyticsResponse } from '#shared/schemas/host-analytics.ts';

import { hostAnalyticsKeys } from './query-keys.ts';

/** While a session is live its figures are read again this often (the viewers are sampled each minute). */
export const LIVE_REFRESH_MS = 60_000;

/** GET /api/sessions/:id/analytics. */
export async function getSessionAnalytics(
  sessionId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SessionAnalyticsResponse> {
  return api.get<SessionAnalyticsResponse>(`/api/sessions/${encodeURIComponent(sessionId)}/analytics`, { signal });
}

/** Where the session's CSV downloads from (the browser sends the cookie: same permission). */
export const sessionAnalyticsCsvUrl = (sessionId: string) =>
  `/api/sessions/${encodeURIComponent(sessionId)}/analytics.csv`;

export function sessionAnalyticsQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: hostAnalyticsKeys.session(sessionId),
    queryFn: ({ signal }) => getSessionAnalytics(sessionId, { signal }),
    retry: retryRead,
    refetchInterval: (query) => (query.state.data?.session.status === 'live' ? LIVE_REFRESH_MS : false),
  });
}

/** A session's analytics (its host and administrators); read again each minute while it is live. */
export function useSessionAnalytics(sessionId: string) {
  return useQuery(sessionAnalyticsQueryOptions(sessionId));
}
