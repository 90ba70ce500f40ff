import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, ApiError } from '#client/lib/api-client.ts';
import { retryRead } from '#client/lib/retry-read.ts';
import type { GroupPageResponse } from '#shared/schemas/groups.ts';

import { groupKeys } from './query-keys.ts';

/** GET /api/group-slugs/:slug: the group and the viewer's access (slug in any case). */
export function getGroupBySlug(slug: string, { signal }: { signal?: AbortSignal } = {}): Promise<GroupPageResponse> {
  return api.get<GroupPageResponse>(`/api/group-slugs/${encodeURIComponent(slug)}`, { signal });
}

/** Whether an error means the group does not exist (nothing to retry). */
export function isGroupNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Query of a group page by slug. */
export function groupQueryOptions(slug: string) {
  return queryOptions({
    queryKey: groupKeys.bySlug(slug),
    queryFn: ({ signal }) => getGroupBySlug(slug, { signal }),
    retry: retryRead,
  });
}

/** A group page (group and access) by slug. */
export function useGroup(slug: string) {
  return useQuery(groupQueryOptions(slug));
}
