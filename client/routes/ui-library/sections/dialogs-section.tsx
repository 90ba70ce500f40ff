import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx';
import { toast } from '#client/components/ui/toast.ts';

import { DemoSection } from '../demo-section.tsx';

// Long enough to see the busy state of the confirm button.
const DEMO_ACTION_MS = 800;

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, ms));
}

/** The confirm dialog in its three variants, its failure path, and a plain dialog. */
export function DialogsSection() {
  return (
    <DemoSection
      id="dialogs"
      title="Dialogs"
      description="The confirm button is busy while the action runs; the dialog closes when it succeeds and stays open when it fails (the failure is logged to the console)."
    >
      <div className="flex flex-wrap gap-3">
        <ConfirmDialog
          variant="destructive"
          description="This deletes the item and its comments. It cannot be undone."
          onConfirm={async () => {
            await wait(DEMO_ACTION_MS);
            toast.success('Item deleted');
          }}
          trigger={<Button variant="destructive">Delete item</Button>}
        />
        <ConfirmDialog
          variant="warning"
          title="Archive this item?"
          description="Archived items are hidden from the group until you restore them."
          confirmText="Archive"
          onConfirm={async () => {
            await wait(DEMO_ACTION_MS);
            toast.success('Item archived');
          }}
          trigger={<Button variant="outline">Archive item</Button>}
        />
        <ConfirmDialog
          variant="info"
          title="Publish this item?"
          description="Every member of the group will see it and be notified."
          confirmText="Publish"
          onConfirm={async () => {
            await wait(DEMO_ACTION_MS);
            toast.success('Item published');
          }}
          trigger={<Button variant="outline">Publish item</Button>}
        />
        <ConfirmDialog
          variant="destructive"
          description="This action fails on purpose: the dialog stays open so you can try again or cancel."
          onConfirm={async () => {
            await wait(DEMO_ACTION_MS);
            throw new Error('The demo action failed on purpose');
          }}
          trigger={<Button variant="outline">Delete and fail</Button>}
        />
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="secondary">Open dialog</Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>About this group</DialogTitle>
              <DialogDescription>
                A plain dialog: focus stays inside, Escape or the × button closes it. On a phone it rises from the
                bottom of the screen.
              </DialogDescription>
            </DialogHeader>
            <p className="text-sm">Ask Ada anything holds a live question-and-answer session every Thursday evening.</p>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Not now</Button>
              </DialogClose>
              <DialogClose asChild>
                <Button>Got it</Button>
              </DialogClose>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </div>
    </DemoSection>
  );
}
