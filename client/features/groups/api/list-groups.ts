import { useInfiniteQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { GroupListResponse } from '#shared/schemas/groups.ts';

import { groupKeys, type GroupSort } from './query-keys.ts';

/** GET /api/groups?sort=…&cursor=…: 20 groups a page. */
export function listGroups(
  { sort, cursor }: { sort: GroupSort; cursor: string | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<GroupListResponse> {
  const query = new URLSearchParams({ sort });
  if (cursor) query.set('cursor', cursor);
  return api.get<GroupListResponse>(`/api/groups?${query.toString()}`, { signal });
}

/** All groups, newest or most subscribed first, a page at a time ('Load more' asks for the next). */
export function useGroups(sort: GroupSort) {
  return useInfiniteQuery({
    queryKey: groupKeys.list(sort),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => listGroups({ sort, cursor: pageParam }, { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });
}
