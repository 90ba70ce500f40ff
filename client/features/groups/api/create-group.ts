import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { GroupCreateInput, GroupResponse, GroupSummary } from '#shared/schemas/groups.ts';

import { groupKeys } from './query-keys.ts';

/** POST /api/groups: creates a group hosted by the signed-in person; answers the new group. */
export async function createGroup(input: GroupCreateInput): Promise<GroupSummary> {
  const answer = await api.post<GroupResponse>('/api/groups', input);
  return answer.group;
}

/** Creates a group; the lists are refreshed so it shows among the newest. */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    // A second try of a create that landed would be refused as a taken slug.
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
    },
  });
}
