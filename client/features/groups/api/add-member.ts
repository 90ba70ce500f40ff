import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { AddMemberResponse } from '#shared/schemas/groups.ts';

import { groupKeys, updateGroupCaches } from './query-keys.ts';

/** POST /api/groups/:groupId/members (host only): adds someone by username. */
export function addGroupMember({ groupId, username }: { groupId: string; username: string }) {
  return api.post<AddMemberResponse>(`/api/groups/${encodeURIComponent(groupId)}/members`, { username });
}

/** Adds a member; the member list and the group's member count follow. */
export function useAddGroupMember(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => addGroupMember({ groupId, username }),
    retry: false,
    onSuccess: (answer) => {
      updateGroupCaches(queryClient, groupId, (group) => ({ ...group, memberCount: answer.memberCount }));
      void queryClient.invalidateQueries({ queryKey: groupKeys.members(groupId) });
    },
  });
}
