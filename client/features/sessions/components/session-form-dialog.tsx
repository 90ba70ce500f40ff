import { useState, type ReactNode } from 'react';

import { lazyComponent, lazyDialogTrigger } from '#client/lib/lazy-component.ts';
import type { AmaSession, SessionInput } from '#shared/schemas/sessions.ts';

/** Props of SessionFormDialog. */
export type SessionFormDialogProps = {
  trigger: ReactNode;
  title: string;
  description: string;
  submitLabel: string;
  session?: AmaSession;
  onSubmit: (input: SessionInput) => Promise<unknown>;
};

const panel = lazyComponent(() =>
  import('./session-form-dialog-panel.tsx').then((module) => module.SessionFormDialogPanel),
);

/**
 * The session form in a dialog opened by `trigger`: 'Schedule a session' or 'Edit session'.
 * A refusal from the server shows as a toast and keeps the dialog open. The dialog and its form
 * load when it first opens, or as soon as the pointer or focus reaches the trigger.
 */
export function SessionFormDialog(props: SessionFormDialogProps) {
  const [isOpening, setIsOpening] = useState(false);
  // Once opened, the dialog stays mounted, as it always was: Radix then owns its state and focus.
  const isLoaded = panel.useLoaded(isOpening);
  if (isLoaded && isOpening) return <panel.Component {...props} initiallyOpen />;
  return lazyDialogTrigger(props.trigger, panel.preload, () => setIsOpening(true));
}
