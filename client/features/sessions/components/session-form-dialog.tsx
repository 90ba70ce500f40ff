import { useState, type ReactNode } from 'react';

import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx';
import { toast } from '#client/components/ui/toast.ts';
import type { AmaSession, SessionInput } from '#shared/schemas/sessions.ts';

import { SessionForm } from './session-form.tsx';

/**
 * The session form in a dialog opened by `trigger`: 'Schedule a session' or 'Edit session'.
 * A refusal from the server shows as a toast and keeps the dialog open.
 */
export function SessionFormDialog({
  trigger,
  title,
  description,
  submitLabel,
  session,
  onSubmit,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  submitLabel: string;
  session?: AmaSession;
  onSubmit: (input: SessionInput) => Promise<unknown>;
}) {
  const [isOpen, setIsOpen] = useState(false);
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
