import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { SessionListResponse } from '#shared/schemas/sessions.ts';

import { sessionKeys } from './query-keys.ts';

/** GET /api/groups/:groupId/sessions: a group's sessions, latest start first. */
export function getGroupSessions(
  groupId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SessionListResponse> {
  return api.get<SessionListResponse>(`/api/groups/${encodeURIComponent(groupId)}/sessions`, { signal });
}

export function groupSessionsQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: sessionKeys.group(groupId),
    queryFn: ({ signal }) => getGroupSessions(groupId, { signal }),
  });
}

/** The sessions of one group. */
export function useGroupSessions(groupId: string) {
  return useQuery(groupSessionsQueryOptions(groupId));
}
