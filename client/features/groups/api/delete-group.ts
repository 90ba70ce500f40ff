import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toast } from '#client/components/ui/toast.ts';
import { api } from '#client/lib/api-client.ts';

import { groupKeys } from './query-keys.ts';

/** DELETE /api/groups/:groupId (host only): 204. */
export async function deleteGroup(groupId: string): Promise<void> {
  await api.delete<undefined>(`/api/groups/${encodeURIComponent(groupId)}`);
}

/** Deletes a group; its caches go and every list and subscription is refreshed. */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    retry: false,
    onError: (error) => {
      toast.error('Could not delete the group', { description: error.message });
    },
    onSuccess: (_answer, groupId) => {
      queryClient.removeQueries({ queryKey: groupKeys.access(groupId) });
      queryClient.removeQueries({ queryKey: groupKeys.members(groupId) });
      queryClient.removeQueries({ queryKey: groupKeys.subscribers(groupId) });
      // Not awaited: leaving the deleted group's page need not wait for the lists.
      void queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: groupKeys.mySubscriptions() });
    },
  });
}
