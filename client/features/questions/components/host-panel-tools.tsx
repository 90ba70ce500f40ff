import { Keyboard } from 'lucide-react';
import { useState, type RefObject } from 'react';

import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { useClearAnswerLater } from '#client/features/questions/api/clear-answer-later.ts';
import type { QuestionView } from '#client/features/questions/api/query-keys.ts';
import { useModerationKeys } from '#client/features/questions/hooks/use-moderation-keys.ts';

import { ModerationKeysDialog } from './moderation-keys-dialog.tsx';

/**
 * The host's tools of the questions panel (loaded lazily: nobody else gets them): the keyboard
 * moderation of the cards in `list` with its `?` dialog, and, on the answer-later view, "Clear
 * list".
 */
export function HostPanelTools({
  groupId,
  view,
  list,
}: {
  groupId: string;
  view: QuestionView;
  list: RefObject<HTMLElement | null>;
}) {
  const [isKeysOpen, setIsKeysOpen] = useState(false);
  const clearLater = useClearAnswerLater(groupId);
  useModerationKeys({ enabled: true, container: list, groupId, onHelp: () => setIsKeysOpen(true) });
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setIsKeysOpen(true)}>
        <Keyboard aria-hidden />
        Keyboard shortcuts
      </Button>
      {view === 'later' ? (
        <ConfirmDialog
          variant="warning"
          title="Clear the answer-later list?"
          description="Every question waiting to be answered later leaves the list. The questions stay in the group."
          confirmText="Clear list"
          onConfirm={() =>
            clearLater.mutateAsync().then(
              ({ cleared }) => {
                toast.success(
                  cleared === 1
                    ? 'Cleared 1 question from the list'
                    : `Cleared ${String(cleared)} questions from the list`,
                );
              },
              (error: Error) => {
                toast.error('Could not clear the list', { description: error.message });
                throw error;
              },
            )
          }
          trigger={
            <Button variant="outline" size="sm" className="ml-auto">
              Clear list
            </Button>
          }
        />
      ) : null}
      <ModerationKeysDialog open={isKeysOpen} onOpenChange={setIsKeysOpen} />
    </>
  );
}
