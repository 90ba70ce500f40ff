import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import { api } from '#client/lib/api-client.ts';
import type { Question, QuestionModerationInputSchema, QuestionResponse } from '#shared/schemas/questions.ts';

import { questionPath, settleQuestion } from './settle-question.ts';

/** What the host may change about a question: status, pin, hide, approve. */
export type QuestionModeration = z.input<typeof QuestionModerationInputSchema>;

/** PATCH /api/questions/:questionId/moderation (host). */
export async function moderateQuestion({
  questionId,
  changes,
}: {
  questionId: string;
  changes: QuestionModeration;
}): Promise<Question> {
  return (await api.patch<QuestionResponse>(`${questionPath(questionId)}/moderation`, changes)).question;
}

/** The host marks answered or reopens, pins or unpins, hides or unhides, approves. */
export function useModerateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: moderateQuestion, onSuccess: (question) => settleQuestion(queryClient, question) });
}
