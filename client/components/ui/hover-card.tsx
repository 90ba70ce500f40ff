import { HoverCard as HoverCardPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

import { cn } from '#client/lib/cn.ts';
import { HOVER_CARD_DELAYS } from '#shared/constants/ui.ts';

/** Shared look of floating panels (hover card, popover of the combobox). */
export const floatingPanelClassName = cn(
  'z-50 rounded-md border border-border bg-popover text-popover-foreground shadow-md outline-none',
  'motion-safe:transition-opacity motion-safe:duration-150 motion-safe:starting:opacity-0',
);

/**
 * A card that opens while the pointer rests on (or focus is on) its trigger, after the spec's
 * delays: 700 ms to open, 300 ms to close (HOVER_CARD_DELAYS). For sighted pointer users only:
 * keep what it shows reachable some other way, such as the profile page it previews.
 */
export function HoverCard({
  openDelay = HOVER_CARD_DELAYS.openMs,
  closeDelay = HOVER_CARD_DELAYS.closeMs,
  ...props
}: ComponentProps<typeof HoverCardPrimitive.Root>) {
  return <HoverCardPrimitive.Root openDelay={openDelay} closeDelay={closeDelay} {...props} />;
}

/** The element that opens the card, usually a link (`asChild`). */
export function HoverCardTrigger(props: ComponentProps<typeof HoverCardPrimitive.Trigger>) {
  return <HoverCardPrimitive.Trigger data-slot="hover-card-trigger" {...props} />;
}

/** The card, in a portal, beside its trigger. */
export function HoverCardContent({
  className,
  align = 'center',
  sideOffset = 4,
  ...props
}: ComponentProps<typeof HoverCardPrimitive.Content>) {
  return (
    <HoverCardPrimitive.Portal>
      <HoverCardPrimitive.Content
        data-slot="hover-card-content"
        align={align}
        sideOffset={sideOffset}
        className={cn(floatingPanelClassName, 'w-64 p-4', className)}
        {...props}
      />
    </HoverCardPrimitive.Portal>
  );
}
