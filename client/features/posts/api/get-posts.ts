import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { postKeys } from '#client/features/content/api/query-keys.ts';
import { api } from '#client/lib/api-client.ts';
import type { PostListResponse } from '#shared/schemas/posts.ts';

/** GET /api/groups/:groupId/posts: newest first, 20 a page. */
export function getPosts(
  { groupId, cursor }: { groupId: string; cursor: string | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<PostListResponse> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return api.get<PostListResponse>(`/api/groups/${encodeURIComponent(groupId)}/posts${query}`, { signal });
}

/** Query of a group's feed, a page at a time. */
export function postsQueryOptions(groupId: string) {
  return infiniteQueryOptions({
    queryKey: postKeys.feed(groupId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getPosts({ groupId, cursor: pageParam }, { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** A group's feed. */
export function usePosts(groupId: string) {
  return useInfiniteQuery(postsQueryOptions(groupId));
}
