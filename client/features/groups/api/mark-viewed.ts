import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import { SUBSCRIPTION_MESSAGES } from '#shared/constants/group-messages.ts';

import { groupKeys } from './query-keys.ts';

/** POST /api/groups/:groupId/viewed: the viewer's subscription was seen now (204). */
export async function markGroupViewed(groupId: string): Promise<void> {
  await api.post<undefined>(`/api/groups/${encodeURIComponent(groupId)}/viewed`, undefined);
}

/**
 * Marks a group as seen, so its new-activity dot in the sidebar goes. A failure matters to no
 * one on the page: it is only logged, as a warning.
 */
export function useMarkGroupViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markGroupViewed,
    retry: false,
    onError: (error) => {
      console.warn(SUBSCRIPTION_MESSAGES.viewTimeFailed, error);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.mySubscriptions() });
    },
  });
}
