import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';

import { questionKeys } from './query-keys.ts';
import { questionPath } from './settle-question.ts';

/** DELETE /api/questions/:questionId (the author, or the host): 204. */
export async function deleteQuestion(questionId: string): Promise<void> {
  await api.delete<undefined>(questionPath(questionId));
}

/** Deletes a question; the queue reads again. */
export function useDeleteQuestion(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuestion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.lists(groupId) }),
  });
}
