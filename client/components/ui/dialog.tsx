import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useRef, type ComponentProps } from 'react';

import { cn } from '#client/lib/cn.ts';

/** The root of a dialog: holds its open state (controlled with open/onOpenChange or not). */
export const Dialog = DialogPrimitive.Root;
/** The element that opens the dialog; use `asChild` to keep your own button. */
export const DialogTrigger = DialogPrimitive.Trigger;
/** Any element that closes the dialog when pressed; use `asChild` to keep your own button. */
export const DialogClose = DialogPrimitive.Close;
/** Renders its children into document.body. */
export const DialogPortal = DialogPrimitive.Portal;

/** Class names shared by dialogs, sheets and the confirm dialog so they look alike. */
export const overlayClassName = cn(
  'fixed inset-0 z-50 bg-overlay',
  // `starting:` (CSS @starting-style) fades in without keyframes; closing is immediate.
  'motion-safe:transition-opacity motion-safe:duration-200 motion-safe:starting:opacity-0',
);

/** The dimmed backdrop behind a dialog. */
export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay data-slot="dialog-overlay" className={cn(overlayClassName, className)} {...props} />;
}

/** Layout of a dialog panel: a bottom sheet on phones, a centred card from the `sm` breakpoint. */
export const dialogPanelClassName = cn(
  'fixed z-50 flex max-h-[90dvh] w-full flex-col gap-4 overflow-y-auto border border-border bg-popover p-6 text-popover-foreground shadow-lg outline-none',
  'inset-x-0 bottom-0 rounded-t-xl pb-[max(1.5rem,env(safe-area-inset-bottom))]',
  'sm:inset-x-auto sm:bottom-auto sm:top-1/2 sm:left-1/2 sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:pb-6',
  'motion-safe:transition-[opacity,translate] motion-safe:duration-200 motion-safe:starting:translate-y-4 motion-safe:starting:opacity-0',
  'motion-safe:sm:starting:-translate-y-[calc(50%-1rem)]',
);

/** Props of DialogContent: radix's, plus whether to show the corner Close button. */
export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** Shows an × button named "Close" in the corner (default true). */
  hasCloseButton?: boolean;
};

/** The dialog panel with its overlay, in a portal; focus stays inside and Escape closes it. */
export function DialogContent({
  className,
  children,
  hasCloseButton = true,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  // What had focus when the dialog opened: Radix gives it back on close. When it is gone (the
  // sign-in modal's 'Sign in' button, replaced by the avatar once signed in), focus would fall to
  // <body>; it goes to the page's heading instead.
  const openerRef = useRef<Element | null>(null);
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(dialogPanelClassName, className)}
        onOpenAutoFocus={(event) => {
          const active = document.activeElement;
          openerRef.current = active && active !== document.body ? active : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const opener = openerRef.current;
          if (event.defaultPrevented || !opener || opener.isConnected) return;
          const active = document.activeElement;
          // focus the dialog's action placed on the page itself stays there
          if (active && active !== document.body && active.isConnected && !active.closest('[role="dialog"]')) return;
          const target = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
          if (!target) return;
          event.preventDefault();
          if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
          target.focus();
        }}
        {...props}
      >
        {children}
        {hasCloseButton ? (
          <DialogPrimitive.Close
            aria-label="Close"
            className="absolute top-3 right-3 inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X aria-hidden="true" className="size-4" />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

/** Title and description block at the top of a dialog. */
export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-header"
      // Room on the right keeps a long title clear of the Close button.
      className={cn('flex flex-col gap-1.5 pr-8 text-center sm:text-left', className)}
      {...props}
    />
  );
}

/** Action row at the bottom: stacked full-width buttons on phones, a right-aligned row from `sm`. */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

/** The dialog's accessible name; every dialog needs one (wrap it in VisuallyHidden to hide it). */
export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn('text-lg leading-6 font-semibold', className)}
      {...props}
    />
  );
}

/** The dialog's accessible description. */
export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
