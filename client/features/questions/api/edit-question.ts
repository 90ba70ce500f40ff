import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { Question, QuestionResponse } from '#shared/schemas/questions.ts';

import { questionPath, settleQuestion } from './settle-question.ts';

/** PATCH /api/questions/:questionId (the author, while unanswered). */
export async function editQuestion({ questionId, body }: { questionId: string; body: string }): Promise<Question> {
  return (await api.patch<QuestionResponse>(questionPath(questionId), { body })).question;
}

/** Edits one's own question. */
export function useEditQuestion() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editQuestion, onSuccess: (question) => settleQuestion(queryClient, question) });
}
