import { useInfiniteQuery } from '@tanstack/react-query';

import { hasSignedInSession } from '#client/features/accounts/api/get-session.ts';
import { api } from '#client/lib/api-client.ts';
import type { SubscriptionListResponse } from '#shared/schemas/groups.ts';

import { emptyOnFailure } from './empty-on-failure.ts';
import { groupKeys } from './query-keys.ts';

/**
 * GET /api/me/subscriptions: the signed-in person's (live Q&A) groups, most recent activity first;
 * empty on failure.
 */
export function getMySubscriptions(
  { cursor }: { cursor: string | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<SubscriptionListResponse> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return emptyOnFailure(
    api.get<SubscriptionListResponse>(`/api/me/subscriptions${query}`, { signal }),
    { subscriptions: [], nextCursor: null },
    'Listing my subscriptions',
    signal,
  );
}

/** The signed-in person's subscriptions, a page at a time; waits while `enabled` is false (signed out). */
export function useMySubscriptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: groupKeys.mySubscriptions(),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal, client }) =>
      // Signing out resets every query while this one is still mounted and enabled: asking then
      // would only earn a 401, so a signed-out cache answers the empty list itself.
      hasSignedInSession(client)
        ? getMySubscriptions({ cursor: pageParam }, { signal })
        : Promise.resolve<SubscriptionListResponse>({ subscriptions: [], nextCursor: null }),
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });
}
