import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';

import { questionKeys } from './query-keys.ts';

/** POST /api/groups/:groupId/answer-later/clear (the host): empties the answer-later list. */
export function clearAnswerLater(groupId: string): Promise<{ cleared: number }> {
  return api.post<{ cleared: number }>(`/api/groups/${encodeURIComponent(groupId)}/answer-later/clear`, {});
}

/** The host clears the group's answer-later list; the queue reads again. */
export function useClearAnswerLater(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearAnswerLater(groupId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.lists(groupId) }),
  });
}
