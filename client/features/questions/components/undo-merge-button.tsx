import { Button } from '#client/components/ui/button.tsx';
import { useMergeWithUndo } from '#client/features/questions/hooks/use-merge-with-undo.ts';

/** The host's undo of a merge, on the merged question's own page (loaded lazily: the host's alone). */
export function UndoMergeButton({ questionId }: { questionId: string }) {
  const { undoMergeOf, isBusy } = useMergeWithUndo();
  return (
    <Button variant="outline" size="sm" disabled={isBusy} onClick={() => void undoMergeOf(questionId)}>
      Undo merge
    </Button>
  );
}
