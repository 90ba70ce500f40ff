import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';

import type { SidebarSection } from '#client/components/layout/sidebar.tsx';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { useMySubscriptions } from '#client/features/groups/api/get-my-subscriptions.ts';
import { groupKeys } from '#client/features/groups/api/query-keys.ts';
import { cappedCountText } from '#client/lib/capped-count.ts';
import { useLiveTopic } from '#client/lib/use-live-topic.ts';
import { paths } from '#client/lib/paths.ts';
import { GROUP_LIVE_EVENTS, userTopic } from '#shared/constants/live.ts';

/** Said by the dot of a subscription with activity since the last visit. */
export const NEW_ACTIVITY_LABEL = '(new activity)';

/**
 * The sidebar's 'Subscriptions' section for a signed-in person: the first page of their
 * subscriptions as the server sorts them, each with its picture and a dot when something new
 * happened since their last visit, then 'See all'. Null when signed out or with none.
 */
export function useSubscriptionsNavSection(): SidebarSection | null {
  const { user } = useSession();
  const subscriptions = useMySubscriptions({ enabled: user !== null });
  const firstPage = user ? subscriptions.data?.pages[0] : undefined;
  const queryClient = useQueryClient();
  // Subscribing or unsubscribing in another tab, or new activity, reaches the list here.
  const readAgain = () => void queryClient.invalidateQueries({ queryKey: groupKeys.mySubscriptions() });
  useLiveTopic(
    user ? userTopic(user.id) : null,
    (event) => {
      if (event.event === GROUP_LIVE_EVENTS.subscriptionsChanged) readAgain();
    },
    readAgain,
  );

  return useMemo(() => {
    if (!firstPage || firstPage.subscriptions.length === 0) return null;
    return {
      id: 'subscriptions',
      title: 'Subscriptions',
      collapsible: true,
      items: [
        ...firstPage.subscriptions.map((item) => ({
          label: item.groupName,
          href: paths.group(item.groupSlug),
          image: { src: item.groupImage || null, name: item.groupName, id: item.groupId },
          hasDot: item.hasNewActivity,
          dotLabel: NEW_ACTIVITY_LABEL,
          // new questions and answers since the last visit, when there are any
          ...(newItemsCount(item) > 0 ? { badge: cappedCountText(newItemsCount(item)) } : {}),
        })),
        { label: 'See all', href: paths.homeFeed() },
      ],
    };
  }, [firstPage]);
}

function newItemsCount(item: { newQuestionsCount: number | null; newAnswersCount: number | null }): number {
  return (item.newQuestionsCount ?? 0) + (item.newAnswersCount ?? 0);
}
