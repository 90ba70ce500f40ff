import { useId } from 'react';

import { FAIR_QUEUE_MESSAGES } from '#shared/constants/fair-queue.ts';

/**
 * Under the ask box, where the group has them: the "Ask anonymously" box with what it means, and
 * the cap on one person's open questions. Loaded only then (AskBox).
 */
export function AskBoxOptions({
  cap,
  mayAskAnonymously,
  isAnonymous,
  onAnonymousChange,
}: {
  cap: number | null;
  mayAskAnonymously: boolean;
  isAnonymous: boolean;
  onAnonymousChange: (isAnonymous: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {mayAskAnonymously ? (
        <div className="flex items-start gap-2">
          <input
            id={id}
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={isAnonymous}
            aria-describedby={`${id}-hint`}
            onChange={(event) => onAnonymousChange(event.target.checked)}
          />
          <div>
            <label htmlFor={id} className="text-sm font-medium text-foreground">
              {FAIR_QUEUE_MESSAGES.askAnonymously}
            </label>
            <p id={`${id}-hint`}>{FAIR_QUEUE_MESSAGES.askAnonymouslyHint}</p>
          </div>
        </div>
      ) : null}
      {cap !== null ? <p>{FAIR_QUEUE_MESSAGES.capHint(cap)}</p> : null}
    </div>
  );
}
