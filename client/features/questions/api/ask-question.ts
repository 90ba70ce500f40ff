import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import { QuestionResponseSchema, type Question } from '#shared/schemas/posts.ts';

import { questionKeys } from './query-keys.ts';

/** POST /api/groups/:groupId/questions (action ask, target questionQueue). */
export async function askQuestion({ groupId, body }: { groupId: string; body: string }): Promise<Question> {
  const answer = await api.post(
    `/api/groups/${encodeURIComponent(groupId)}/questions`,
    { body },
    QuestionResponseSchema,
  );
  return answer.question;
}

/** Asks a question; the queue and the suggestions read again so it takes its place. */
export function useAskQuestion(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => askQuestion({ groupId, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}
