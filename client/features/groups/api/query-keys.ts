import type { QueryClient } from '@tanstack/react-query';

import type {
  GroupAccess,
  GroupListResponse,
  GroupPageResponse,
  GroupSummary,
  SubscriptionListResponse,
} from '#shared/schemas/groups.ts';

/** How the group list is sorted: newest first, or most subscribed first. */
export type GroupSort = 'newest' | 'popular';

/**
 * Query keys of the groups feature. A group shows in several caches at once (its page, any
 * list, the viewer's access), so counters are patched through the helpers below, which find
 * it by id rather than by key.
 */
export const groupKeys = {
  all: ['groups'] as const,
  pages: () => [...groupKeys.all, 'page'] as const,
  // Slugs are case-insensitive: one cache entry per slug whatever case it was typed in.
  bySlug: (slug: string) => [...groupKeys.pages(), slug.toLowerCase()] as const,
  access: (groupId: string) => [...groupKeys.all, 'access', groupId] as const,
  lists: () => [...groupKeys.all, 'list'] as const,
  list: (sort: GroupSort) => [...groupKeys.lists(), sort] as const,
  members: (groupId: string) => [...groupKeys.all, 'members', groupId] as const,
  subscribers: (groupId: string) => [...groupKeys.all, 'subscribers', groupId] as const,
  slugAvailability: (slug: string, groupId: string | null) =>
    [...groupKeys.all, 'slug-availability', slug.toLowerCase(), groupId] as const,
  /** The signed-in person's subscriptions (sidebar and /home). */
  mySubscriptions: () => ['subscriptions', 'mine'] as const,
};

type InfiniteData<Page> = { pages: Page[]; pageParams: unknown[] };

/** Changes the group `groupId` in its page and in every cached list that shows it. */
export function updateGroupCaches(
  queryClient: QueryClient,
  groupId: string,
  update: (group: GroupSummary) => GroupSummary,
) {
  queryClient.setQueriesData<GroupPageResponse>({ queryKey: groupKeys.pages() }, (page) =>
    page && page.group.id === groupId ? { ...page, group: update(page.group) } : page,
  );
  queryClient.setQueriesData<InfiniteData<GroupListResponse>>({ queryKey: groupKeys.lists() }, (data) => {
    if (!data?.pages.some((page) => page.groups.some((group) => group.id === groupId))) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        groups: page.groups.map((group) => (group.id === groupId ? update(group) : group)),
      })),
    };
  });
}

/** Writes the viewer's access to a group: its own query and the page that carries a copy. */
export function setGroupAccess(queryClient: QueryClient, access: GroupAccess) {
  queryClient.setQueryData<GroupAccess>(groupKeys.access(access.groupId), access);
  queryClient.setQueriesData<GroupPageResponse>({ queryKey: groupKeys.pages() }, (page) =>
    page && page.group.id === access.groupId ? { ...page, access } : page,
  );
}

/** Changes the viewer's access to `groupId` wherever it is cached. */
export function updateGroupAccess(
  queryClient: QueryClient,
  groupId: string,
  update: (access: GroupAccess) => GroupAccess,
) {
  const current = queryClient.getQueryData<GroupAccess>(groupKeys.access(groupId));
  if (current) setGroupAccess(queryClient, update(current));
}

/** The first page of the signed-in person's subscriptions as cached (infinite query). */
export type MySubscriptionsData = InfiniteData<SubscriptionListResponse>;
