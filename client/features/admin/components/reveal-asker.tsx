import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { paths } from '#client/lib/paths.ts';
import { FAIR_QUEUE_MESSAGES } from '#shared/constants/fair-queue.ts';
import { useRevealAsker } from '../api/anonymous-asker.ts';

/**
 * "Reveal asker" under an anonymous question: after a confirmation saying the look is recorded in
 * the audit log, who asked shows in its place (and focus moves to it, where the button was).
 */
export function RevealAsker({ questionId }: { questionId: string }) {
  const reveal = useRevealAsker();
  const revealedRef = useRef<HTMLParagraphElement>(null);
  const asker = reveal.data;

  useEffect(() => {
    if (asker) revealedRef.current?.focus();
  }, [asker]);

  if (asker) {
    return (
      <p ref={revealedRef} tabIndex={-1} className="mt-2 text-xs text-muted-foreground outline-none" role="status">
        Asked by{' '}
        <Link to={paths.profile(asker.username)} className="font-medium text-foreground hover:underline">
          {asker.name.trim() ? `${asker.name} (@${asker.username})` : `@${asker.username}`}
        </Link>{' '}
        · this look is in the audit log
      </p>
    );
  }

  async function handleConfirm() {
    try {
      await reveal.mutateAsync(questionId);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'That did not work. Please try again.');
      throw error;
    }
  }

  return (
    <ConfirmDialog
      variant="warning"
      title="Reveal who asked?"
      description={FAIR_QUEUE_MESSAGES.revealConfirm}
      confirmText={FAIR_QUEUE_MESSAGES.revealAsker}
      onConfirm={handleConfirm}
      trigger={
        <Button size="sm" variant="outline" className="mt-2">
          {FAIR_QUEUE_MESSAGES.revealAsker}
        </Button>
      }
    />
  );
}
