import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import type { SubscribeGateDialogState } from '#client/features/gate/hooks/use-gated-action.ts';
import { GATE_TEXTS, GATE_WORDING } from '#shared/lib/permissions.ts';

/**
 * The subscribe gate: titled by the blocked action ('Subscribe to like'), says
 * subscribing is required and will complete the action in one step; Cancel, and
 * 'Subscribe & Like' (…), which reads 'Subscribing…' while it runs.
 */
export function SubscribeGateDialog({ action, isBusy, onConfirm, onCancel }: SubscribeGateDialogState) {
  const wording = GATE_WORDING[action ?? 'continue'];
  return (
    <Dialog
      open={action !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <DialogContent
        className="sm:max-w-md"
        hasCloseButton={!isBusy}
        onEscapeKeyDown={(event) => {
          if (isBusy) event.preventDefault();
        }}
        onInteractOutside={(event) => {
          if (isBusy) event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>{wording.title}</DialogTitle>
          <DialogDescription>{GATE_TEXTS.description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" disabled={isBusy} onClick={onCancel}>
            {GATE_TEXTS.cancel}
          </Button>
          <Button isLoading={isBusy} onClick={onConfirm}>
            {isBusy ? GATE_TEXTS.busy : wording.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
