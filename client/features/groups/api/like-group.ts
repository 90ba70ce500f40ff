import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { toast } from '#client/components/ui/toast.ts';
import { isGateError } from '#client/features/gate/index.ts';
import { api } from '#client/lib/api-client.ts';
import type { GroupAccess, GroupLikeResponse } from '#shared/schemas/groups.ts';

import { groupKeys, updateGroupAccess, updateGroupCaches } from './query-keys.ts';

/** PUT (like) or DELETE (unlike) /api/groups/:groupId/like; both idempotent. */
export function setGroupLiked({ groupId, like }: { groupId: string; like: boolean }): Promise<GroupLikeResponse> {
  const path = `/api/groups/${encodeURIComponent(groupId)}/like`;
  return like ? api.put<GroupLikeResponse>(path, undefined) : api.delete<GroupLikeResponse>(path);
}

const likeMutationKey = (groupId: string) => ['groups', 'like', groupId] as const;

/** Shows `isLiked` and moves the count by `step` in every cache of the group. */
function showLike(queryClient: QueryClient, groupId: string, isLiked: boolean, step: number) {
  updateGroupAccess(queryClient, groupId, (access) => ({ ...access, isLiked }));
  if (step !== 0) {
    updateGroupCaches(queryClient, groupId, (group) => ({ ...group, likeCount: Math.max(0, group.likeCount + step) }));
  }
}

/**
 * Likes or unlikes a group optimistically: the button and count change at once; a failure takes
 * the change back. A refusal the subscribe gate deals with (sign in, subscribe) gets no toast of
 * its own: the caller (useGatedAction) opens the gate instead.
 */
export function useLikeGroup(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: likeMutationKey(groupId),
    mutationFn: (like: boolean) => setGroupLiked({ groupId, like }),
    // The gate decides what a refusal means; a blind second try would only repeat it.
    retry: false,
    onMutate: async (like) => {
      // An answer already on its way would land after this and undo the change on screen.
      await queryClient.cancelQueries({ queryKey: groupKeys.access(groupId) });
      const before = queryClient.getQueryData<GroupAccess>(groupKeys.access(groupId));
      const step = before && before.isLiked !== like ? (like ? 1 : -1) : 0;
      showLike(queryClient, groupId, like, step);
      return { step, wasLiked: before?.isLiked ?? !like };
    },
    onError: (error, like, context) => {
      showLike(queryClient, groupId, context?.wasLiked ?? !like, -(context?.step ?? 0));
      if (isGateError(error)) return;
      toast.error(like ? 'Could not like this group' : 'Could not unlike this group', { description: error.message });
    },
    onSuccess: (answer) => {
      // A later click is still on its way: its own answer will settle the state.
      if (queryClient.isMutating({ mutationKey: likeMutationKey(groupId) }) > 1) return;
      updateGroupAccess(queryClient, groupId, (access) => ({ ...access, isLiked: answer.isLiked }));
      updateGroupCaches(queryClient, groupId, (group) => ({ ...group, likeCount: answer.likeCount }));
    },
  });
}
