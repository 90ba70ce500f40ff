import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import { retryRead } from '#client/lib/retry-read.ts';
import type { GroupAnalyticsResponse } from '#shared/schemas/host-analytics.ts';

import { hostAnalyticsKeys } from './query-keys.ts';

/** GET /api/groups/:id/analytics. */
export async function getGroupAnalytics(
  groupId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<GroupAnalyticsResponse> {
  return api.get<GroupAnalyticsResponse>(`/api/groups/${encodeURIComponent(groupId)}/analytics`, { signal });
}

/** Where the group's CSV downloads from (the browser sends the cookie: same permission). */
export const groupAnalyticsCsvUrl = (groupId: string) => `/api/groups/${encodeURIComponent(groupId)}/analytics.csv`;

export function groupAnalyticsQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: hostAnalyticsKeys.group(groupId),
    queryFn: ({ signal }) => getGroupAnalytics(groupId, { signal }),
    retry: retryRead,
  });
}

/** A group's analytics (its host and administrators); waits for the group's id. */
export function useGroupAnalytics(groupId: string | undefined) {
  return useQuery({ ...groupAnalyticsQueryOptions(groupId ?? ''), enabled: groupId !== undefined });
}
