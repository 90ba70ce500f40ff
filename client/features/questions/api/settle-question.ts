import type { QueryClient } from '@tanstack/react-query';

import { updateCachedItems } from '#client/lib/update-cached-items.ts';
import type { Question } from '#shared/schemas/questions.ts';

import { questionKeys } from './query-keys.ts';

/** The API path of one question. */
export const questionPath = (questionId: string) => `/api/questions/${encodeURIComponent(questionId)}`;

/**
 * Shows the server's version of a question everywhere it is cached, then reads the group's lists
 * again: an answer, a pin or a hide can move it to another view or place.
 */
export function settleQuestion(queryClient: QueryClient, question: Question) {
  updateCachedItems(queryClient, question.id, () => question, { queryKey: questionKeys.all });
  return queryClient.invalidateQueries({ queryKey: questionKeys.lists(question.groupId) });
}
