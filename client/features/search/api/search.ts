import { useInfiniteQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { SearchResponse, SearchType } from '#shared/schemas/search.ts';

import { searchKeys } from './query-keys.ts';

/** GET /api/search?q=…&type=…&cursor=…: 20 results a page, best first. */
export function search(
  { q, type, cursor }: { q: string; type: SearchType; cursor: string | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<SearchResponse> {
  const query = new URLSearchParams({ q, type });
  if (cursor) query.set('cursor', cursor);
  return api.get<SearchResponse>(`/api/search?${query.toString()}`, { signal });
}

/** The results of one tab for `q`, a page at a time ('Load more' asks for the next); off for an empty text. */
export function useSearchResults(q: string, type: SearchType) {
  return useInfiniteQuery({
    queryKey: searchKeys.results(q, type),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => search({ q, type, cursor: pageParam }, { signal }),
    getNextPageParam: (page) => page.nextCursor,
    enabled: q !== '',
  });
}
