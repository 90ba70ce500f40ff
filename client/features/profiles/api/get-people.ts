import { useInfiniteQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { PeoplePage } from '#shared/schemas/profiles.ts';

import { profileKeys, type PeopleKind } from './query-keys.ts';

/** GET /api/users/:userId/followers or /following: 20 people a page, newest follow first. */
export function getPeople(
  { userId, kind, cursor }: { userId: string; kind: PeopleKind; cursor: string | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<PeoplePage> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return api.get<PeoplePage>(`/api/users/${encodeURIComponent(userId)}/${kind}${query}`, { signal });
}

/** A person's followers or following, a page at a time ('Load more' asks for the next). */
export function usePeople(userId: string, kind: PeopleKind) {
  return useInfiniteQuery({
    queryKey: profileKeys.peopleOf(userId, kind),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getPeople({ userId, kind, cursor: pageParam }, { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });
}
