import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { Question, QuestionResponse } from '#shared/schemas/questions.ts';

import { questionKeys } from './query-keys.ts';

/** POST /api/groups/:groupId/questions (action ask, target questionQueue). */
export async function askQuestion({
  groupId,
  body,
  sessionId,
}: {
  groupId: string;
  body: string;
  /** The AMA session it is asked for. */
  sessionId?: string | undefined;
}): Promise<Question> {
  const answer = await api.post<QuestionResponse>(
    `/api/groups/${encodeURIComponent(groupId)}/questions`,
    sessionId ? { body, sessionId } : { body },
  );
  return answer.question;
}

/** Asks a question; the queue and the suggestions read again so it takes its place. */
export function useAskQuestion(groupId: string, sessionId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => askQuestion({ groupId, body, sessionId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}
