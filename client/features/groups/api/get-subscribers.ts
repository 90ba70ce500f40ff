import { useInfiniteQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { SubscriberListResponse } from '#shared/schemas/groups.ts';

import { emptyOnFailure } from './empty-on-failure.ts';
import { groupKeys } from './query-keys.ts';

/** GET /api/groups/:groupId/subscribers: newest first, 20 a page; empty on failure. */
export function getGroupSubscribers(
  { groupId, cursor }: { groupId: string; cursor: string | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<SubscriberListResponse> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return emptyOnFailure(
    api.get<SubscriberListResponse>(`/api/groups/${encodeURIComponent(groupId)}/subscribers${query}`, { signal }),
    { subscribers: [], nextCursor: null },
    'Listing the subscribers',
    signal,
  );
}

/** A group's subscribers, a page at a time. */
export function useGroupSubscribers(groupId: string) {
  return useInfiniteQuery({
    queryKey: groupKeys.subscribers(groupId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getGroupSubscribers({ groupId, cursor: pageParam }, { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });
}
