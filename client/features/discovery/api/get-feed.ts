import { useInfiniteQuery } from '@tanstack/react-query';

import { hasSignedInSession } from '#client/features/accounts/api/get-session.ts';
import { api } from '#client/lib/api-client.ts';
import type { FeedResponse } from '#shared/schemas/discovery.ts';

import { discoveryKeys } from './query-keys.ts';

/** GET /api/me/feed?cursor: posts and answers of my groups and of creators I follow, newest first. */
export function getFeed({ cursor }: { cursor: string | null }, { signal }: { signal?: AbortSignal } = {}) {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return api.get<FeedResponse>(`/api/me/feed${query}`, { signal });
}

/** The signed-in person's feed, 20 a page ('Load more' asks for the next). */
export function useFeed() {
  return useInfiniteQuery({
    queryKey: discoveryKeys.feed(),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal, client }) =>
      // signed out (the session was just reset), asking would only earn a 401
      hasSignedInSession(client)
        ? getFeed({ cursor: pageParam }, { signal })
        : Promise.resolve<FeedResponse>({ items: [], nextCursor: null }),
    getNextPageParam: (page) => page.nextCursor,
  });
}
