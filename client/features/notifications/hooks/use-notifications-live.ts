import { useQueryClient } from '@tanstack/react-query';

import { useLiveTopic } from '#client/lib/use-live-topic.ts';
import { NOTIFICATION_LIVE_EVENTS, userTopic } from '#shared/constants/live.ts';

import { notificationKeys } from '../api/query-keys.ts';

const EVENTS = new Set<string>(Object.values(NOTIFICATION_LIVE_EVENTS));

/**
 * Refetches the bell's count (and the list, if loaded) when a notification arrives or is read
 * elsewhere, and when the live channel comes back after a drop.
 */
export function useNotificationsLive(userId: string | null): void {
  const queryClient = useQueryClient();
  const readAgain = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  useLiveTopic(
    userId ? userTopic(userId) : null,
    (event) => {
      if (EVENTS.has(event.event)) readAgain();
    },
    readAgain,
  );
}
