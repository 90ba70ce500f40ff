import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { Button } from '#client/components/ui/button.tsx';
import { useQuestion } from '#client/features/questions/api/get-question.ts';
import { questionElementId } from '#client/features/questions/hooks/question-element-id.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/cn.ts';
import type { Question } from '#shared/schemas/questions.ts';

import { QuestionCard } from './question-card.tsx';

/** How long the highlight stays before it fades (ms); with reduced motion it then goes at once. */
const HIGHLIGHT_MS = 2500;

/**
 * A question answered while the viewer watched it (use-answer-arrivals.ts), where it was: its
 * card read again (GET /api/questions/:id, under the queue's keys, so live events and votes keep
 * it current) with "Answered just now" over its answer, a highlight that fades, and "Got it",
 * which lets it go, focus moving to the card now in its place (or to it, where it stays: the
 * pinned one loses its note only). Until the read arrives it shows as it was. Nothing is said to screen readers
 * here: the page's QueueAnnouncer says each answer once. Loaded with the first such answer.
 */
export function ArrivedQuestion({
  question: before,
  isHost,
  isPinnedSlot = false,
  onDismiss,
}: {
  question: Question;
  isHost: boolean;
  isPinnedSlot?: boolean;
  onDismiss: () => void;
}) {
  const query = useQuestion(before.groupId, before.id);
  const box = useRef<HTMLDivElement>(null);
  const [isFresh, setIsFresh] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setIsFresh(false), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, []);
  const question = query.data ?? before;
  // deleted, hidden from the viewer, or merged since: it goes as it would from the list
  const isGone =
    (query.error instanceof ApiError && query.error.status === 404) ||
    question.mergedInto !== null ||
    question.isHidden;
  if (isGone && !isPinnedSlot) return null;
  const isAnswered = question.status === 'answered' && question.answer !== null;

  const handleGotIt = () => {
    const item = box.current?.closest('li');
    const neighbour = (item?.nextElementSibling ?? item?.previousElementSibling)?.querySelector('article');
    const area = box.current?.closest('ul')?.parentElement;
    onDismiss();
    // once the list is drawn without it
    requestAnimationFrame(() => {
      const itself = document.getElementById(questionElementId(question.id));
      (itself ?? neighbour ?? area?.querySelector('article'))?.focus();
    });
  };

  return (
    <div
      ref={box}
      className={cn(
        'rounded-lg transition-shadow duration-[3000ms] ease-out motion-reduce:transition-none',
        isAnswered && isFresh ? 'ring-4 ring-success/40' : 'ring-0 ring-transparent',
      )}
      data-arrived={isAnswered ? 'answer' : undefined}
    >
      <QuestionCard
        question={question}
        isHost={isHost}
        isPinnedSlot={isPinnedSlot}
        answerNote={
          isAnswered ? (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="inline-flex items-center gap-1 text-xs font-semibold text-success">
                <CircleCheck aria-hidden className="size-3.5" />
                Answered just now
              </span>
              <Button variant="ghost" size="sm" onClick={handleGotIt}>
                Got it
              </Button>
            </div>
          ) : undefined
        }
      />
    </div>
  );
}
