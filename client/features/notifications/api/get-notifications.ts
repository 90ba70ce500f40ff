import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { hasSignedInSession } from '#client/features/accounts/api/get-session.ts';
import { api } from '#client/lib/api-client.ts';
import type { NotificationListResponse } from '#shared/schemas/notifications.ts';

import { notificationKeys } from './query-keys.ts';

/** GET /api/notifications: one page, newest first (`cursor` from the previous page). */
export function getNotifications(
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<NotificationListResponse> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return api.get<NotificationListResponse>(`/api/notifications${query}`, { signal });
}

export function notificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    // a signed-out cache (the reset after sign-out) answers an empty list without asking
    queryFn: ({ pageParam, signal, client }) =>
      hasSignedInSession(client)
        ? getNotifications(pageParam, { signal })
        : Promise.resolve<NotificationListResponse>({ notifications: [], nextCursor: null }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The signed-in person's notifications, page by page. */
export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}
