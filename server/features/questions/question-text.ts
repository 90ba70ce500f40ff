import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import { validationFailed } from '../../lib/errors.ts';

/**
 * A question's or answer's text as stored: trimmed, otherwise exactly as typed (markup is never
 * rendered, so nothing is escaped here). Empty or too long: 400 `validation_failed` on `body`.
 */
export function checkText(input: string, kind: 'question' | 'answer'): string {
  const body = input.trim();
  const max = kind === 'question' ? CONTENT_LIMITS.questionBodyMax : CONTENT_LIMITS.answerBodyMax;
  let problem: string | null = null;
  if (body === '') problem = kind === 'question' ? CONTENT_MESSAGES.questionEmpty : CONTENT_MESSAGES.answerEmpty;
  else if (body.length > max) {
    problem = kind === 'question' ? CONTENT_MESSAGES.questionTooLong : CONTENT_MESSAGES.answerTooLong;
  }
  if (problem) throw validationFailed(problem, { body: problem });
  return body;
}
