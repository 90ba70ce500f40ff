import { queryOptions, useQuery } from '@tanstack/react-query';

import { hasSignedInSession } from '#client/features/accounts/api/get-session.ts';
import { api } from '#client/lib/api-client.ts';
import type { UnreadCountResponse } from '#shared/schemas/notifications.ts';

import { notificationKeys } from './query-keys.ts';

/** GET /api/notifications/unread-count. */
export function getUnreadCount({ signal }: { signal?: AbortSignal } = {}): Promise<UnreadCountResponse> {
  return api.get<UnreadCountResponse>('/api/notifications/unread-count', { signal });
}

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.unreadCount(),
    // a signed-out cache (the reset after sign-out) answers 0 without asking
    queryFn: ({ signal, client }) =>
      hasSignedInSession(client) ? getUnreadCount({ signal }) : Promise.resolve({ count: 0 }),
    select: (data) => data.count,
  });
}

/** The signed-in person's unread count (the bell's badge); live events refetch it. */
export function useUnreadCount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}
