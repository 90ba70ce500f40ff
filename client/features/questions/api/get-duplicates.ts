import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import { retryRead } from '#client/lib/retry-read.ts';
import type { DuplicateQuestionsResponse } from '#shared/schemas/question-merges.ts';

import { questionKeys } from './query-keys.ts';
import { questionPath } from './settle-question.ts';

/** GET /api/questions/:questionId/duplicates (the host, or the asker): up to 5 questions that read like it. */
export function getDuplicateQuestions(
  questionId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<DuplicateQuestionsResponse> {
  return api.get<DuplicateQuestionsResponse>(`${questionPath(questionId)}/duplicates`, { signal });
}

/** Query of a question's possible duplicates; `enabled` false until someone wants them. */
export function duplicateQuestionsQueryOptions(groupId: string, questionId: string, enabled = true) {
  return queryOptions({
    queryKey: questionKeys.duplicates(groupId, questionId),
    queryFn: ({ signal }) => getDuplicateQuestions(questionId, { signal }),
    enabled,
    staleTime: 30_000,
    retry: retryRead,
  });
}

/** The possible duplicates of a question, read once `enabled` (the disclosure opened, the card focused). */
export function useDuplicateQuestions(groupId: string, questionId: string, enabled: boolean) {
  return useQuery(duplicateQuestionsQueryOptions(groupId, questionId, enabled));
}
