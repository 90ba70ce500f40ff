import { useInfiniteQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import { DISCOVERY_LIMITS } from '#shared/constants/limits.ts';
import type { CreatorListResponse } from '#shared/schemas/discovery.ts';

import { profileKeys } from './query-keys.ts';

/** GET /api/creators?limit&cursor: people hosting a group, most followers first. */
export function getCreators(
  { cursor, limit }: { cursor: string | null; limit: number },
  { signal }: { signal?: AbortSignal } = {},
): Promise<CreatorListResponse> {
  const query = new URLSearchParams();
  if (limit !== DISCOVERY_LIMITS.pageSize) query.set('limit', String(limit));
  if (cursor) query.set('cursor', cursor);
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return api.get<CreatorListResponse>(`/api/creators${search}`, { signal });
}

/** Creators, `limit` a page ('Load more' asks for the next). */
export function useCreators(limit: number = DISCOVERY_LIMITS.pageSize) {
  return useInfiniteQuery({
    queryKey: profileKeys.creators(limit),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getCreators({ cursor: pageParam, limit }, { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });
}
