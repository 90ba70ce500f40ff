import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { toast } from '#client/components/ui/toast.ts';
import { api } from '#client/lib/api-client.ts';
import { SUBSCRIPTION_TOASTS } from '#shared/constants/group-messages.ts';
import type { SubscribeResponse } from '#shared/schemas/groups.ts';

import { groupKeys, setGroupAccess, updateGroupCaches } from './query-keys.ts';

/** PUT (subscribe) or DELETE (unsubscribe) /api/groups/:groupId/subscription; both idempotent. */
export function setSubscribed({
  groupId,
  subscribe,
}: {
  groupId: string;
  subscribe: boolean;
}): Promise<SubscribeResponse> {
  const path = `/api/groups/${encodeURIComponent(groupId)}/subscription`;
  return subscribe ? api.put<SubscribeResponse>(path, undefined) : api.delete<SubscribeResponse>(path);
}

/**
 * Subscribes to or unsubscribes from a group, with the spec's toasts (section 8). The answer's
 * access and subscriber count go into every cache that shows the group; the viewer's
 * subscription list and the group's subscribers are refreshed.
 */
export function useSetSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSubscribed,
    onSuccess: (answer, { groupId, subscribe }) => {
      setGroupAccess(queryClient, answer.access);
      updateGroupCaches(queryClient, groupId, (group) => ({ ...group, subscriberCount: answer.subscriberCount }));
      toast.success(SUBSCRIPTION_TOASTS.successTitle, {
        description: subscribe ? SUBSCRIPTION_TOASTS.subscribed : SUBSCRIPTION_TOASTS.unsubscribed,
      });
    },
    onError: (error, { subscribe }) => {
      toast.destructive(subscribe ? SUBSCRIPTION_TOASTS.subscribeFailed : SUBSCRIPTION_TOASTS.unsubscribeFailed, {
        description: error.message,
      });
    },
    // Not awaited: the gate's next step (the pending action) need not wait for these lists.
    onSettled: (_answer, _error, { groupId }) => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.mySubscriptions() });
      void queryClient.invalidateQueries({ queryKey: groupKeys.subscribers(groupId) });
    },
  });
}

/**
 * Subscribes to a group, as useSetSubscription does (toasts, caches): the step the subscribe
 * gate runs when its dialog is confirmed (a page hands it to <GroupGateProvider>).
 */
export function useSubscribeToGroup(): (groupId: string) => Promise<SubscribeResponse> {
  const { mutateAsync } = useSetSubscription();
  return useCallback((groupId: string) => mutateAsync({ groupId, subscribe: true }), [mutateAsync]);
}
