import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { SimilarQuestionsResponse } from '#shared/schemas/questions.ts';

import { questionKeys } from './query-keys.ts';

/** Texts shorter than this ask nothing: too short to resemble anything. */
export const SIMILAR_MIN_CHARACTERS = 3;

/** GET /api/groups/:groupId/questions/similar?q=: questions already asked that read like `text`. */
export function getSimilarQuestions(
  { groupId, text }: { groupId: string; text: string },
  { signal }: { signal?: AbortSignal } = {},
): Promise<SimilarQuestionsResponse> {
  const params = new URLSearchParams({ q: text });
  return api.get<SimilarQuestionsResponse>(
    `/api/groups/${encodeURIComponent(groupId)}/questions/similar?${params.toString()}`,
    { signal },
  );
}

/** Query of the questions like `text` (already debounced by the caller). */
export function similarQuestionsQueryOptions(groupId: string, text: string) {
  return queryOptions({
    queryKey: questionKeys.similar(groupId, text),
    queryFn: ({ signal }) => getSimilarQuestions({ groupId, text }, { signal }),
    enabled: text.length >= SIMILAR_MIN_CHARACTERS,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Questions like the text being typed. */
export function useSimilarQuestions(groupId: string, text: string) {
  return useQuery(similarQuestionsQueryOptions(groupId, text));
}
