import { useEffect, useRef } from 'react';

import { Button } from '#client/components/ui/button.tsx';
import { LEDGER_HIDE_REASONS, LEDGER_REASON_LABELS, type LedgerHideReason } from '#shared/constants/ledger.ts';

/**
 * The host's choice of why a question is hidden, shown in place of the card's actions: the
 * reason goes to the public moderation ledger (never any text of the question). Focus starts on
 * the first reason; Escape or Cancel closes it.
 */
export function HideReasonPicker({
  onPick,
  onCancel,
}: {
  onPick: (reason: LedgerHideReason) => void;
  onCancel: () => void;
}) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <div
      role="group"
      aria-label="Why hide this question?"
      className="grid gap-2 rounded-md border border-dashed p-2"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onCancel();
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
            onClick={() => onPick(reason)}
          >
            {LEDGER_REASON_LABELS[reason]}
          </Button>
        ))}
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
