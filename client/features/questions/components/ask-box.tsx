import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { toast } from '#client/components/ui/toast.ts';
import { ContentLikeButton } from '#client/features/content/components/like-button.tsx';
import { TextComposer } from '#client/features/content/components/text-composer.tsx';
import { isGateError, runGated, useGroupGate } from '#client/features/gate/index.ts';
import { useSimilarQuestions } from '#client/features/questions/api/get-similar-questions.ts';
import { questionKeys } from '#client/features/questions/api/query-keys.ts';
import { useDebouncedValue } from '#client/hooks/use-debounced-value.ts';
import { api, ApiError } from '#client/lib/api-client.ts';
import { lazyComponent } from '#client/lib/lazy-component.ts';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import { canAskAnonymously, openQuestionCapFor, type GroupRole } from '#shared/lib/permissions.ts';
import type { QuestionResponse } from '#shared/schemas/questions.ts';

// the "Ask anonymously" box and the cap's line: only where the group has them, so out of the first load
const AskOptions = lazyComponent(async () => (await import('./ask-box-options.tsx')).AskBoxOptions);

/** How long typing must pause before similar questions are looked up. */
export const SIMILAR_DEBOUNCE_MS = 300;

/** What the ask box needs of the group's fair-queue settings and of the viewer's role in it. */
export type AskBoxRules = {
  role: GroupRole;
  /** The group takes anonymous questions (GroupSummary.anonymousQuestions). */
  anonymousQuestions: boolean;
  /** The most open questions one person may have here at once; null: no cap (the host has none). */
  openQuestionCap: number | null;
};

/**
 * POST /api/groups/:groupId/questions with `anonymous` when asked so; the queue and the
 * suggestions read again so it takes its place. (useAskQuestion sends no `anonymous` yet.)
 */
function useAsk(groupId: string, sessionId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, anonymous }: { body: string; anonymous: boolean }) =>
      (
        await api.post<QuestionResponse>(`/api/groups/${encodeURIComponent(groupId)}/questions`, {
          body,
          ...(sessionId ? { sessionId } : {}),
          ...(anonymous ? { anonymous: true } : {}),
        })
      ).question,
    // once more after a failure, as every mutation, but never after a refusal (a cap reached,
    // a setting changed): asking again would be refused again
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
  });
}

/**
 * Ask the host: a counted field (500 characters) and, while typing, questions already asked
 * that read alike, each with its vote button, so people upvote instead of repeating. Where the
 * group allows it (canAskAnonymously, the server's rule), an "Ask anonymously" box; where it caps
 * open questions per person, the cap under the field, and the server's refusal beyond it.
 */
export function AskBox({
  groupId,
  canAsk,
  questionsNeedApproval,
  sessionId,
  rules,
}: {
  groupId: string;
  canAsk: boolean;
  questionsNeedApproval: boolean;
  /** Asks for this AMA session. */
  sessionId?: string;
  /** The group's anonymous-question and cap settings with the viewer's role; without them, neither shows. */
  rules?: AskBoxRules | undefined;
}) {
  const gate = useGroupGate();
  const ask = useAsk(groupId, sessionId);
  const [text, setText] = useState('');
  const [isAnonymous, setIsAnonymous] = useState(false);
  const [capMessage, setCapMessage] = useState<string | null>(null);
  const debounced = useDebouncedValue(text.trim(), SIMILAR_DEBOUNCE_MS);
  const similar = useSimilarQuestions(groupId, debounced);
  const suggestions = debounced.length >= 3 ? (similar.data?.questions ?? []) : [];
  const mayAskAnonymously = rules ? canAskAnonymously(rules.role, rules) : false;
  const cap = rules ? openQuestionCapFor(rules.role, rules) : null;
  const wantsOptions = mayAskAnonymously || cap !== null;
  const hasOptions = AskOptions.useLoaded(wantsOptions) && wantsOptions;

  return (
    <div className="grid gap-2 rounded-lg border bg-card p-3">
      <TextComposer
        label="Ask a question"
        placeholder="Ask the host a question…"
        submitLabel="Ask"
        maxLength={CONTENT_LIMITS.questionBodyMax}
        rows={2}
        onBlocked={canAsk ? undefined : () => void gate('ask', 'questionQueue', () => {})}
        onTextChange={(next) => {
          setText(next);
          if (next !== '') setCapMessage(null);
        }}
        onSubmit={async (body) => {
          const anonymous = mayAskAnonymously && isAnonymous;
          await runGated(gate, 'ask', 'questionQueue', () =>
            ask.mutateAsync({ body, anonymous }).catch((error: Error) => {
              // an ask's one conflict: the group's cap reached (CAP_REACHED_CODE)
              if (error instanceof ApiError && error.status === 409) setCapMessage(error.message);
              if (!isGateError(error)) toast.error('Could not ask', { description: error.message });
              throw error;
            }),
          );
          setCapMessage(null);
          if (questionsNeedApproval)
            toast.success('Question sent', { description: 'It shows once the host approves it.' });
          else if (anonymous) toast.success('Asked anonymously', { description: 'Nobody sees who asked it.' });
        }}
      />
      {hasOptions ? (
        <AskOptions.Component
          cap={cap}
          mayAskAnonymously={mayAskAnonymously}
          isAnonymous={isAnonymous}
          onAnonymousChange={setIsAnonymous}
        />
      ) : null}
      {capMessage ? (
        <p role="alert" className="text-sm text-error">
          {capMessage}
        </p>
      ) : null}
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
