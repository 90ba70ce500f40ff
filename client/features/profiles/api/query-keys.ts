import type { QueryClient } from '@tanstack/react-query';

import type { PeoplePage, ProfilePageResponse } from '#shared/schemas/profiles.ts';

/** Which list of people: who follows a person, or whom they follow. */
export type PeopleKind = 'followers' | 'following';

/**
 * Query keys of the profiles feature. A person's page can sit under several keys (their handle in
 * any case, a former handle, their id), so updates go through the helpers below, which find every
 * entry by the person's id rather than by key.
 */
export const profileKeys = {
  all: ['profiles'] as const,
  pages: () => [...profileKeys.all, 'page'] as const,
  // Handles are case-insensitive; one cache entry per handle whatever case it was typed in.
  byHandle: (handle: string) => [...profileKeys.pages(), 'handle', handle.toLowerCase()] as const,
  byId: (userId: string) => [...profileKeys.pages(), 'id', userId] as const,
  people: () => [...profileKeys.all, 'people'] as const,
  peopleOf: (userId: string, kind: PeopleKind) => [...profileKeys.people(), userId, kind] as const,
  /**
   * The creators list (/creator and the landing page), a people list too: the follow button
   * patches every row of those caches by id, so a creator's Follow and follower count change at once.
   */
  creators: (limit: number) => [...profileKeys.people(), 'creators', limit] as const,
};

/** The cached pages of TanStack's infinite queries, as the people lists keep them. */
export type PeoplePages = { pages: PeoplePage[]; pageParams: unknown[] };

/** Changes every cached profile page (any key) of the person `userId`. */
export function updateProfilePages(
  queryClient: QueryClient,
  userId: string,
  update: (page: ProfilePageResponse) => ProfilePageResponse,
) {
  queryClient.setQueriesData<ProfilePageResponse>({ queryKey: profileKeys.pages() }, (page) =>
    page && page.profile.id === userId ? update(page) : page,
  );
}

/** Changes the row of the person `userId` in every cached followers and following list. */
export function updatePeopleRows(
  queryClient: QueryClient,
  userId: string,
  update: (person: PeoplePage['people'][number]) => PeoplePage['people'][number],
) {
  queryClient.setQueriesData<PeoplePages>({ queryKey: profileKeys.people() }, (data) => {
    if (!data?.pages.some((page) => page.people.some((person) => person.id === userId))) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        people: page.people.map((person) => (person.id === userId ? update(person) : person)),
      })),
    };
  });
}
