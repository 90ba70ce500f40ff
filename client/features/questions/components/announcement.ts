import { api } from '#client/lib/api-client.ts';
import { displayName } from '#client/lib/format.ts';
import { richTextToPlain } from '#shared/lib/rich-text.ts';
import type { QuestionResponse } from '#shared/schemas/questions.ts';

/** What a live event of the queue can make the page say. */
export type AnnouncementKind = 'pinned' | 'answer';

/**
 * The sentence for a pin or an answer that just happened (the pinned question's text, or which
 * question was answered), or null when there is nothing to say:
 * the question belongs to another session, is no longer pinned, has no answer, or its answer
 * was said already as it is (`said`: answer id → text, updated here). Reads the question once
 * (GET /api/questions/:id), so it says only what the reader may see; a failed read says nothing.
 * Loaded with the first such event (queue-announcer.tsx), not with the page.
 */
export async function announcementOf({
  kind,
  questionId,
  sessionId,
  said,
}: {
  kind: AnnouncementKind;
  questionId: string;
  sessionId: string | undefined;
  said: Map<string, string>;
}): Promise<string | null> {
  // read here rather than through the questions' query module, which this lazy chunk would split
  // out of the page's first load
  const question = await api
    .get<QuestionResponse>(`/api/questions/${encodeURIComponent(questionId)}`)
    .then((answer) => answer.question)
    .catch(() => null);
  if (!question || (sessionId !== undefined && question.sessionId !== sessionId)) return null;
  const asker = displayName(question.author);
  if (kind === 'pinned') {
    return question.isPinned ? `Pinned question from ${asker}: ${richTextToPlain(question.body)}` : null;
  }
  const answer = question.answer;
  if (!answer) return null;
  const text = richTextToPlain(answer.body);
  const before = said.get(answer.id);
  if (before === text) return null;
  said.set(answer.id, text);
  // The question, not the answer, is read out: an answer may run to 5,000 characters, too long
  // for a polite interruption; the reader finds it under the question.
  const who = displayName(answer.author);
  const asked = richTextToPlain(question.body);
  return before === undefined
    ? `${who} answered ${asker}'s question: ${asked}`
    : `${who} changed the answer to ${asker}'s question: ${asked}`;
}
