import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { QuestionListResponse } from '#shared/schemas/questions.ts';

import { questionKeys, type QuestionSort, type QuestionView } from './query-keys.ts';

/** GET /api/groups/:groupId/questions?sort&view&cursor: the pinned question and a page of the queue. */
export function getQuestions(
  {
    groupId,
    sort,
    view,
    cursor,
    sessionId,
  }: { groupId: string; sort: QuestionSort; view: QuestionView; cursor: string | null; sessionId?: string | undefined },
  { signal }: { signal?: AbortSignal } = {},
): Promise<QuestionListResponse> {
  const params = new URLSearchParams({ sort, view });
  if (cursor) params.set('cursor', cursor);
  if (sessionId) params.set('sessionId', sessionId);
  return api.get<QuestionListResponse>(`/api/groups/${encodeURIComponent(groupId)}/questions?${params.toString()}`, {
    signal,
  });
}

/** Query of one sort and view of a group's queue, a page at a time. */
export function questionsQueryOptions(groupId: string, sort: QuestionSort, view: QuestionView, sessionId?: string) {
  return infiniteQueryOptions({
    queryKey: questionKeys.list(groupId, sort, view, sessionId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getQuestions({ groupId, sort, view, cursor: pageParam, sessionId }, { signal }),
    getNextPageParam: (page) => page.nextCursor,
    // Switching Top/New keeps the old order on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

/** A group's question queue (or one AMA session's part of it). */
export function useQuestions(groupId: string, sort: QuestionSort, view: QuestionView, sessionId?: string) {
  return useInfiniteQuery(questionsQueryOptions(groupId, sort, view, sessionId));
}
