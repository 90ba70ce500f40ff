import { useEffect, useRef } from 'react';

import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { useModerateQuestion } from '#client/features/questions/api/moderate-question.ts';
import { rememberUndoable } from '#client/features/questions/hooks/undoable.ts';
import { LEDGER_HIDE_REASONS, LEDGER_REASON_LABELS, type LedgerHideReason } from '#shared/constants/ledger.ts';

/**
 * The host's choice of why a question is hidden, shown under the card's actions: the reason goes
 * with the hide to the public moderation ledger (never any text of the question), and the toast
 * that reports it offers the undo. Focus starts on the first reason; Escape or Cancel closes it.
 */
export function HideReasonPicker({
  questionId,
  onClose,
}: {
  questionId: string;
  /** Closed: `hidden` when a reason was picked, false when cancelled (focus goes back to Hide). */
  onClose: (hidden: boolean) => void;
}) {
  const first = useRef<HTMLButtonElement>(null);
  const moderate = useModerateQuestion();
  useEffect(() => first.current?.focus(), []);

  const change = (isHidden: boolean, reason?: LedgerHideReason) =>
    moderate.mutateAsync({ questionId, changes: reason ? { isHidden, reason } : { isHidden } }).then(
      () => true,
      (error: Error) => {
        toast.error(isHidden ? 'Could not hide the question' : 'Could not show it again', {
          description: error.message,
        });
        return false;
      },
    );

  const hide = async (reason: LedgerHideReason) => {
    onClose(true);
    if (!(await change(true, reason))) return;
    rememberUndoable({ kind: 'hide', questionId });
    toast.success('Question hidden', { action: { label: 'Undo', onClick: () => void change(false) } });
  };

  return (
    <div
      role="group"
      aria-label="Why hide this question?"
      className="grid gap-2 rounded-md border border-dashed p-2"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose(false);
      }}
    >
      <p className="text-xs font-medium text-muted-foreground">
        Why hide it? The reason shows in the moderation ledger.
      </p>
      <div className="flex flex-wrap gap-1">
        {LEDGER_HIDE_REASONS.map((reason, index) => (
          <Button
            key={reason}
            ref={index === 0 ? first : undefined}
            variant="outline"
            size="sm"
            onClick={() => void hide(reason)}
          >
            {LEDGER_REASON_LABELS[reason]}
          </Button>
        ))}
        <Button variant="ghost" size="sm" onClick={() => onClose(false)}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
