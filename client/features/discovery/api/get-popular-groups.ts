import { useQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { GroupListResponse } from '#shared/schemas/groups.ts';

import { discoveryKeys } from './query-keys.ts';

/** The `limit` most subscribed groups (GET /api/groups?sort=popular&limit), for the landing page. */
export function usePopularGroups(limit: number) {
  return useQuery({
    queryKey: discoveryKeys.popularGroups(limit),
    queryFn: ({ signal }) => api.get<GroupListResponse>(`/api/groups?sort=popular&limit=${String(limit)}`, { signal }),
  });
}
