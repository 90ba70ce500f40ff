import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

import { overlayClassName } from '#client/components/ui/dialog.tsx';
import { cn } from '#client/lib/cn.ts';

/** The root of a side panel (a radix Dialog): holds its open state. */
export const Sheet = DialogPrimitive.Root;
/** The element that opens the sheet; use `asChild` to keep your own button. */
export const SheetTrigger = DialogPrimitive.Trigger;
/** Any element that closes the sheet when pressed (a nav link, for example, with `asChild`). */
export const SheetClose = DialogPrimitive.Close;

/** Class names of the sheet panel per side. */
export const sheetVariants = cva(
  [
    'fixed inset-y-0 z-50 flex h-full w-3/4 max-w-xs flex-col gap-4 overflow-y-auto bg-popover text-popover-foreground shadow-xl outline-none',
    'motion-safe:transition-[translate] motion-safe:duration-300 motion-safe:ease-out',
  ],
  {
    variants: {
      side: {
        left: 'left-0 border-r border-border motion-safe:starting:-translate-x-full',
        right: 'right-0 border-l border-border motion-safe:starting:translate-x-full',
      },
    },
    defaultVariants: { side: 'left' },
  },
);

/** Props of SheetContent: radix's, the side, and whether to show the Close button. */
export type SheetContentProps = ComponentProps<typeof DialogPrimitive.Content> &
  VariantProps<typeof sheetVariants> & {
    /** Shows an × button named "Close" in the corner (default true). */
    hasCloseButton?: boolean;
  };

/** A panel that slides in from the left or right edge, over a backdrop; focus stays inside. */
export function SheetContent({ className, children, side, hasCloseButton = true, ...props }: SheetContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay data-slot="sheet-overlay" className={overlayClassName} />
      <DialogPrimitive.Content
        data-slot="sheet-content"
        data-side={side ?? 'left'}
        className={cn(sheetVariants({ side }), className)}
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
    </DialogPrimitive.Portal>
  );
}

/** Title block at the top of a sheet. */
export function SheetHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sheet-header" className={cn('flex flex-col gap-1.5 p-4 pr-12', className)} {...props} />;
}

/** Block pinned to the bottom of a sheet (a profile block, for example). */
export function SheetFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sheet-footer" className={cn('mt-auto flex flex-col gap-2 p-4', className)} {...props} />;
}

/** The sheet's accessible name; every sheet needs one (wrap it in VisuallyHidden to hide it). */
export function SheetTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title data-slot="sheet-title" className={cn('text-base font-semibold', className)} {...props} />
  );
}

/** The sheet's accessible description. */
export function SheetDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="sheet-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
