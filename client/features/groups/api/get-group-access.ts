import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import { retryRead } from '#client/lib/retry-read.ts';
import type { GroupAccess } from '#shared/schemas/groups.ts';

import { groupKeys } from './query-keys.ts';

/** GET /api/groups/:groupId/access: the viewer's role (signed out: 'unknown', everything false). */
export function getGroupAccess(groupId: string, { signal }: { signal?: AbortSignal } = {}): Promise<GroupAccess> {
  return api.get<GroupAccess>(`/api/groups/${encodeURIComponent(groupId)}/access`, { signal });
}

/** Query of the viewer's access to a group. */
export function groupAccessQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: groupKeys.access(groupId),
    queryFn: ({ signal }) => getGroupAccess(groupId, { signal }),
    retry: retryRead,
  });
}

/**
 * The viewer's access to a group, starting from the copy the group page brought (`initial`),
 * so the page needs no second request; live events and mutations keep it current.
 */
export function useGroupAccess(groupId: string, initial?: { access: GroupAccess; updatedAt: number }) {
  return useQuery({
    ...groupAccessQueryOptions(groupId),
    initialData: initial?.access,
    initialDataUpdatedAt: initial?.updatedAt,
  });
}
