import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, api } from '#client/lib/api-client.ts';
import type { AmaSession, SessionResponse } from '#shared/schemas/sessions.ts';

import { sessionKeys } from './query-keys.ts';

/** GET /api/sessions/:id. */
export async function getAmaSession(sessionId: string, { signal }: { signal?: AbortSignal } = {}): Promise<AmaSession> {
  const answer = await api.get<SessionResponse>(`/api/sessions/${encodeURIComponent(sessionId)}`, { signal });
  return answer.session;
}

/** Whether the session is gone (a 404 is not retried). */
export function isSessionNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function amaSessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: sessionKeys.detail(sessionId),
    queryFn: ({ signal }) => getAmaSession(sessionId, { signal }),
    retry: (failureCount, error) => !isSessionNotFound(error) && failureCount < 2,
  });
}

/** One AMA session. */
export function useAmaSession(sessionId: string) {
  return useQuery(amaSessionQueryOptions(sessionId));
}
