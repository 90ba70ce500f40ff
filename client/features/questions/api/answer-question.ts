import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { Question, QuestionResponse } from '#shared/schemas/questions.ts';

import { questionPath, settleQuestion } from './settle-question.ts';

/** PUT /api/questions/:questionId/answer (host): writes or edits the answer; the question is answered. */
export async function answerQuestion({ questionId, body }: { questionId: string; body: string }): Promise<Question> {
  return (await api.put<QuestionResponse>(`${questionPath(questionId)}/answer`, { body })).question;
}

/** The host answers (or edits the answer). */
export function useAnswerQuestion() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: answerQuestion, onSuccess: (question) => settleQuestion(queryClient, question) });
}
