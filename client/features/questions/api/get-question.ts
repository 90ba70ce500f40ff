import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import { retryRead } from '#client/lib/retry-read.ts';
import type { Question, QuestionResponse } from '#shared/schemas/questions.ts';

import { questionKeys } from './query-keys.ts';

/** GET /api/questions/:questionId: one question with its answer, for its own page. */
export async function getQuestion(questionId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Question> {
  const answer = await api.get<QuestionResponse>(`/api/questions/${encodeURIComponent(questionId)}`, {
    signal,
  });
  return answer.question;
}

/**
 * One question. Its key sits under the group's queue lists, so every change the queue hears of
 * (answers, votes, moderation, live events) refreshes this page as well.
 */
export function useQuestion(groupId: string | undefined, questionId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...questionKeys.lists(groupId ?? ''), 'one', questionId] as const,
      queryFn: ({ signal }) => getQuestion(questionId, { signal }),
      enabled: groupId !== undefined,
      retry: retryRead,
    }),
  );
}
