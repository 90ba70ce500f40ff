import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#client/lib/api-client.ts';
import { SESSION_LIMITS } from '#shared/constants/session-messages.ts';
import type { ViewersResponse } from '#shared/schemas/sessions.ts';

import { sessionKeys } from './query-keys.ts';

const base = (sessionId: string) => `/api/sessions/${encodeURIComponent(sessionId)}`;

/** GET /api/sessions/:id/viewers. */
export function getViewers(sessionId: string, { signal }: { signal?: AbortSignal } = {}): Promise<ViewersResponse> {
  return api.get<ViewersResponse>(`${base(sessionId)}/viewers`, { signal });
}

export function viewersQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: sessionKeys.viewers(sessionId),
    queryFn: ({ signal }) => getViewers(sessionId, { signal }),
    // presence.changed reads it again at once; this catches what a lost connection missed
    refetchInterval: SESSION_LIMITS.viewersRefetchSeconds * 1000,
  });
}

/** Who watches a session now. */
export function useViewers(sessionId: string) {
  return useQuery(viewersQueryOptions(sessionId));
}
