import { useState } from 'react';

import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx';
import { toast } from '#client/components/ui/toast.ts';

import type { SessionFormDialogProps } from './session-form-dialog.tsx';
import { SessionForm } from './session-form.tsx';

/**
 * The session form in its dialog, with Radix's dialog: SessionFormDialog
 * (session-form-dialog.tsx) loads it when the dialog first opens.
 */
export function SessionFormDialogPanel({
  trigger,
  title,
  description,
  submitLabel,
  session,
  onSubmit,
  initiallyOpen = false,
}: SessionFormDialogProps & { initiallyOpen?: boolean }) {
  const [isOpen, setIsOpen] = useState(initiallyOpen);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <SessionForm
          {...(session ? { session } : {})}
          submitLabel={submitLabel}
          onCancel={() => setIsOpen(false)}
          onSubmit={async (input) => {
            try {
              await onSubmit(input);
              setIsOpen(false);
            } catch (error) {
              toast.error('Could not save the session', { description: (error as Error).message });
            }
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
