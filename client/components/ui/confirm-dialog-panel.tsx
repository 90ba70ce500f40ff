import { CircleAlert, Info, TriangleAlert, type LucideIcon } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';

import { Button } from '#client/components/ui/button.tsx';
import { dialogPanelClassName, overlayClassName } from '#client/components/ui/dialog.tsx';
import { focusFirstConnected, focusTargetsAround, rescueFocusFrom } from '#client/components/ui/focus-rescue.ts';
import { cn } from '#client/lib/cn.ts';
import { CONFIRM_DIALOG_TEXTS } from '#shared/constants/ui.ts';

import type { ConfirmDialogProps, ConfirmDialogVariant } from './confirm-dialog.tsx';

const VARIANTS: Record<
  ConfirmDialogVariant,
  { icon: LucideIcon; iconClassName: string; buttonVariant: 'destructive' | 'default' }
> = {
  destructive: { icon: TriangleAlert, iconClassName: 'bg-error-soft text-error', buttonVariant: 'destructive' },
  warning: { icon: CircleAlert, iconClassName: 'bg-warning-soft text-warning', buttonVariant: 'default' },
  info: { icon: Info, iconClassName: 'bg-info-soft text-info', buttonVariant: 'default' },
};

/**
 * The confirm dialog itself, with Radix's alert dialog: ConfirmDialog (confirm-dialog.tsx) loads
 * it when the dialog first opens, so pages that only show its trigger do not fetch it.
 */
export function ConfirmDialogPanel({
  variant = 'destructive',
  title = CONFIRM_DIALOG_TEXTS.title,
  description,
  confirmText = CONFIRM_DIALOG_TEXTS.confirm,
  cancelText = CONFIRM_DIALOG_TEXTS.cancel,
  onConfirm,
  open,
  onOpenChange,
  defaultOpen = false,
  trigger,
}: ConfirmDialogProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const [isBusy, setIsBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // What opened the dialog, and where focus goes instead if a confirmed action removes it.
  const openerRef = useRef<Element | null>(null);
  const rescueRef = useRef<HTMLElement[] | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const isOpen = open ?? uncontrolledOpen;
  const { icon: Icon, iconClassName, buttonVariant } = VARIANTS[variant];

  function setOpen(next: boolean) {
    // Closing mid-action would hide whether it worked; the dialog stays until the action settles.
    if (!next && isBusy) return;
    if (open === undefined) setUncontrolledOpen(next);
    onOpenChange?.(next);
  }

  async function handleConfirm() {
    setIsBusy(true);
    // read now, while the item the action may delete is still on the page
    openerRef.current ??= triggerRef.current;
    rescueRef.current = focusTargetsAround(openerRef.current);
    try {
      await onConfirm();
    } catch (error) {
      // The spec only logs a failure and keeps the dialog open so the person can retry or cancel.
      // console.warn rather than console.error: a console.error fails our tests, and this is expected.
      console.warn('ConfirmDialog: the confirmed action failed', error);
      // Disabling the focused button sent focus to <body>; re-enable it now and put focus back on it.
      flushSync(() => setIsBusy(false));
      confirmRef.current?.focus();
      rescueRef.current = null;
      return;
    }
    setIsBusy(false);
    if (open === undefined) setUncontrolledOpen(false);
    onOpenChange?.(false);
  }

  return (
    <AlertDialog.Root open={isOpen} onOpenChange={setOpen}>
      {trigger ? (
        <AlertDialog.Trigger asChild ref={triggerRef}>
          {trigger}
        </AlertDialog.Trigger>
      ) : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClassName} />
        <AlertDialog.Content
          ref={contentRef}
          data-slot="confirm-dialog"
          data-variant={variant}
          aria-busy={isBusy || undefined}
          className={dialogPanelClassName}
          onEscapeKeyDown={(event) => {
            if (isBusy) event.preventDefault();
          }}
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            if (active && active !== document.body) openerRef.current = active;
          }}
          onCloseAutoFocus={(event) => {
            // Radix gives focus back to the trigger; after a delete the trigger may be gone, at
            // once or when the list is read again: then the next item (or the list's heading) takes it.
            const targets = rescueRef.current;
            rescueRef.current = null;
            if (!targets) return;
            // The action put focus somewhere itself (what it revealed, a new field): it stays there.
            const active = document.activeElement;
            if (active && active !== document.body && active.isConnected && !contentRef.current?.contains(active)) {
              event.preventDefault();
              return;
            }
            const opener = openerRef.current;
            if (opener && !opener.isConnected) {
              event.preventDefault();
              focusFirstConnected(targets);
            } else {
              rescueFocusFrom(opener, targets);
            }
          }}
          // Without a description radix would point aria-describedby at nothing.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:text-left">
            <span
              aria-hidden="true"
              className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', iconClassName)}
            >
              <Icon className="size-5" />
            </span>
            <div className="flex flex-col gap-1.5">
              <AlertDialog.Title className="text-lg leading-6 font-semibold">{title}</AlertDialog.Title>
              {description ? (
                <AlertDialog.Description className="text-sm text-muted-foreground">
                  {description}
                </AlertDialog.Description>
              ) : null}
            </div>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={isBusy}>
                {cancelText}
              </Button>
            </AlertDialog.Cancel>
            {/* A plain button, not AlertDialog.Action: Action closes at once, before the action has run. */}
            <Button ref={confirmRef} variant={buttonVariant} isLoading={isBusy} onClick={() => void handleConfirm()}>
              {confirmText}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
