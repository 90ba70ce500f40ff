import { api } from '#client/lib/api-client.ts';
import type { QuestionMergeResponse } from '#shared/schemas/question-merges.ts';

import { questionPath } from './settle-question.ts';

/** POST /api/questions/:questionId/merge: the question goes into `intoQuestionId`, its votes pooled there. */
export function mergeQuestion({
  questionId,
  intoQuestionId,
}: {
  questionId: string;
  intoQuestionId: string;
}): Promise<QuestionMergeResponse> {
  return api.post<QuestionMergeResponse>(`${questionPath(questionId)}/merge`, { intoQuestionId });
}

/**
 * DELETE /api/questions/:questionId/merge: both questions back as they were. (useMergeWithUndo
 * calls both and settles the caches: the toast's Undo outlives the merged question's card.)
 */
export function undoMerge(questionId: string): Promise<QuestionMergeResponse> {
  return api.delete<QuestionMergeResponse>(`${questionPath(questionId)}/merge`);
}
