import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toast } from '#client/components/ui/toast.ts';
import { api } from '#client/lib/api-client.ts';

import { groupKeys, updateGroupCaches } from './query-keys.ts';

/** Answer of removing a member: the group's member count after it. */
type RemoveMemberResponse = { memberCount: number };

/** DELETE /api/groups/:groupId/members/:userId (host only). */
export function removeGroupMember({ groupId, userId }: { groupId: string; userId: string }) {
  return api.delete<RemoveMemberResponse>(
    `/api/groups/${encodeURIComponent(groupId)}/members/${encodeURIComponent(userId)}`,
  );
}

/** Removes a member; a failure says so in a toast. */
export function useRemoveGroupMember(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: { id: string; name: string }) => removeGroupMember({ groupId, userId: member.id }),
    retry: false,
    onError: (error, member) => {
      toast.error(`Could not remove ${member.name}`, { description: error.message });
    },
    onSuccess: (answer) => {
      updateGroupCaches(queryClient, groupId, (group) => ({ ...group, memberCount: answer.memberCount }));
      void queryClient.invalidateQueries({ queryKey: groupKeys.members(groupId) });
    },
  });
}
