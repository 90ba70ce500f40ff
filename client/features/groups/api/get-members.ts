import { useInfiniteQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { GroupMemberListResponse } from '#shared/schemas/groups.ts';

import { groupKeys } from './query-keys.ts';

/** GET /api/groups/:groupId/members: newest first, 20 a page. */
export function getGroupMembers(
  { groupId, cursor }: { groupId: string; cursor: string | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<GroupMemberListResponse> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return api.get<GroupMemberListResponse>(`/api/groups/${encodeURIComponent(groupId)}/members${query}`, {
    signal,
  });
}

/** A group's members, a page at a time. */
export function useGroupMembers(groupId: string) {
  return useInfiniteQuery({
    queryKey: groupKeys.members(groupId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getGroupMembers({ groupId, cursor: pageParam }, { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });
}
