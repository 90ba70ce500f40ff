import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { GroupResponse, GroupSummary, GroupUpdateInput } from '#shared/schemas/groups.ts';

import { groupKeys, updateGroupCaches } from './query-keys.ts';

/** PATCH /api/groups/:groupId (host only): changes some fields; answers the whole group. */
export async function updateGroup({
  groupId,
  changes,
}: {
  groupId: string;
  changes: GroupUpdateInput;
}): Promise<GroupSummary> {
  const answer = await api.patch<GroupResponse>(`/api/groups/${encodeURIComponent(groupId)}`, changes);
  return answer.group;
}

/**
 * Saves a group's changes. The answer replaces the group in every cache; a new slug gets its
 * page cached under the new key too, so the page it moves to shows at once.
 */
export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    retry: false,
    onSuccess: (group) => {
      updateGroupCaches(queryClient, group.id, () => group);
      void queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
    },
  });
}
