import { useState, type ReactNode } from 'react';

import { lazyDialogTrigger, lazyComponent } from '#client/lib/lazy-component.ts';

/** How serious the confirmed action is: sets the icon and the confirm button's colour. */
export type ConfirmDialogVariant = 'destructive' | 'warning' | 'info';

/** Props of ConfirmDialog. */
export type ConfirmDialogProps = {
  /** destructive (default), warning or info. */
  variant?: ConfirmDialogVariant;
  /** Defaults to 'Are you absolutely sure?'. */
  title?: ReactNode;
  /** What will happen if the person confirms. */
  description?: ReactNode;
  /** Label of the confirm button; defaults to 'Delete'. */
  confirmText?: string;
  /** Label of the cancel button; defaults to 'Cancel'. */
  cancelText?: string;
  /** The action; the dialog is busy until it settles, closes if it resolves and stays open if it throws. */
  onConfirm: () => Promise<void> | void;
  /** Controlled open state. */
  open?: boolean;
  /** Called when the dialog wants to open or close. */
  onOpenChange?: (open: boolean) => void;
  /** Initial open state when uncontrolled. */
  defaultOpen?: boolean;
  /** An element (usually a Button) that opens the dialog. */
  trigger?: ReactNode;
};

const panel = lazyComponent(() => import('./confirm-dialog-panel.tsx').then((module) => module.ConfirmDialogPanel));

/**
 * Asks for confirmation before an action, shows it running, and closes only if it succeeds.
 * Its code (and Radix's alert dialog) loads when it first opens, or as soon as the pointer or
 * focus reaches its trigger; until then only the trigger is on the page.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [isOpening, setIsOpening] = useState(false);
  const [isActive, setIsActive] = useState(false);
  const wantsOpen = props.open ?? (props.defaultOpen === true || isOpening);
  // Once opened, the dialog stays mounted, as it always was: Radix then owns its state and focus.
  if (wantsOpen && !isActive) setIsActive(true);
  const isLoaded = panel.useLoaded(isActive || wantsOpen);

  if (isLoaded && (isActive || wantsOpen)) {
    return <panel.Component {...props} defaultOpen={props.defaultOpen === true || isOpening} />;
  }
  if (!props.trigger) return null;
  return lazyDialogTrigger(props.trigger, panel.preload, () => {
    if (props.open === undefined) setIsOpening(true);
    props.onOpenChange?.(true);
  });
}
