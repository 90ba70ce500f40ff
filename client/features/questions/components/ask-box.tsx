import { useState } from 'react';

import { toast } from '#client/components/ui/toast.ts';
import { ContentLikeButton } from '#client/features/content/components/like-button.tsx';
import { TextComposer } from '#client/features/content/components/text-composer.tsx';
import { isGateError, runGated, useGroupGate } from '#client/features/gate/index.ts';
import { useSimilarQuestions } from '#client/features/questions/api/get-similar-questions.ts';
import { useAskQuestion } from '#client/features/questions/api/ask-question.ts';
import { useDebouncedValue } from '#client/hooks/use-debounced-value.ts';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';

/** How long typing must pause before similar questions are looked up. */
export const SIMILAR_DEBOUNCE_MS = 300;

/**
 * Ask the host: a counted field (500 characters) and, while typing, questions already asked
 * that read alike, each with its vote button, so people upvote instead of repeating.
 */
export function AskBox({
  groupId,
  canAsk,
  questionsNeedApproval,
  sessionId,
}: {
  groupId: string;
  canAsk: boolean;
  questionsNeedApproval: boolean;
  /** Asks for this AMA session. */
  sessionId?: string;
}) {
  const gate = useGroupGate();
  const ask = useAskQuestion(groupId, sessionId);
  const [text, setText] = useState('');
  const debounced = useDebouncedValue(text.trim(), SIMILAR_DEBOUNCE_MS);
  const similar = useSimilarQuestions(groupId, debounced);
  const suggestions = debounced.length >= 3 ? (similar.data?.questions ?? []) : [];

  return (
    <div className="grid gap-2 rounded-lg border bg-card p-3">
      <TextComposer
        label="Ask a question"
        placeholder="Ask the host a question…"
        submitLabel="Ask"
        maxLength={CONTENT_LIMITS.questionBodyMax}
        rows={2}
        onBlocked={canAsk ? undefined : () => void gate('ask', 'questionQueue', () => {})}
        onTextChange={setText}
        onSubmit={async (body) => {
          await runGated(gate, 'ask', 'questionQueue', () =>
            ask.mutateAsync(body).catch((error: Error) => {
              if (!isGateError(error)) toast.error('Could not ask', { description: error.message });
              throw error;
            }),
          );
          if (questionsNeedApproval)
            toast.success('Question sent', { description: 'It shows once the host approves it.' });
        }}
      />
      {suggestions.length > 0 ? (
        <section aria-label="Similar questions" className="grid gap-1">
          <p className="text-xs font-medium text-muted-foreground">Already asked? Upvote it instead:</p>
          <ul className="grid gap-1">
            {suggestions.map((question) => (
              <li key={question.id} className="flex items-center gap-2 text-sm">
                <ContentLikeButton
                  kind="vote"
                  targetType="question"
                  targetId={question.id}
                  isLiked={question.isLiked}
                  likeCount={question.likeCount}
                  gateTarget="questionQueue"
                />
                <span className="min-w-0 flex-1 truncate">{question.body}</span>
                {question.status === 'answered' ? <span className="text-xs text-success">Answered</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
