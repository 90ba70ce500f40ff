import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type {
  MarkNotificationsReadResponse,
  NotificationListResponse,
  UnreadCountResponse,
} from '#shared/schemas/notifications.ts';

import { notificationKeys } from './query-keys.ts';

/** POST /api/notifications/read: the given ids, or all when `ids` is absent. */
export function markNotificationsRead(ids?: string[]): Promise<MarkNotificationsReadResponse> {
  return api.post<MarkNotificationsReadResponse>('/api/notifications/read', ids ? { ids } : {});
}

/**
 * Marks notifications read, at once in the cache (the dots and the badge go) and then on the
 * server; the count and the list are refetched afterwards, so they agree with it.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => markNotificationsRead(ids),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      const now = new Date().toISOString();
      const pending = new Set(ids);
      let changed = 0;
      queryClient.setQueryData<InfiniteData<NotificationListResponse>>(notificationKeys.list(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                notifications: page.notifications.map((item) => {
                  if (item.readAt !== null || (ids && !pending.has(item.id))) return item;
                  changed += 1;
                  return { ...item, readAt: now };
                }),
              })),
            }
          : data,
      );
      queryClient.setQueryData<UnreadCountResponse>(notificationKeys.unreadCount(), (data) =>
        data ? { count: ids ? Math.max(0, data.count - changed) : 0 } : data,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
