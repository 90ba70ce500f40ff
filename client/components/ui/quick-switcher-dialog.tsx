import { Dialog as DialogPrimitive } from 'radix-ui';

import { cn } from '#client/lib/cn.ts';

import { DialogOverlay } from './dialog.tsx';
import type { QuickSwitcherEntry } from './quick-switcher.tsx';
import QuickSwitcherPanel from './quick-switcher-panel.tsx';

const TITLE = 'Quick switcher';
const PLACEHOLDER = 'Search pages and actions...';

/** Props of QuickSwitcher. */
export type QuickSwitcherProps = {
  entries: readonly QuickSwitcherEntry[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Placeholder and accessible name of the search input. */
  placeholder?: string;
};

/**
 * The quick switcher dialog: a search box over the entries, grouped. Typing filters by label or
 * keyword (case-insensitive substring, as every list of the kit); arrows move, Enter goes to the
 * entry or runs it, Escape closes. Needs a router above it for `href` entries.
 */
export function QuickSwitcher({ entries, open, onOpenChange, placeholder = PLACEHOLDER }: QuickSwitcherProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogOverlay />
        <DialogPrimitive.Content
          data-slot="quick-switcher"
          // The list itself is the content; a description would only repeat the placeholder.
          aria-describedby={undefined}
          className={cn(
            'fixed top-[12dvh] left-1/2 z-50 w-[calc(100%-1.5rem)] max-w-xl -translate-x-1/2 overflow-hidden',
            'rounded-xl border border-border bg-popover text-popover-foreground shadow-2xl outline-none',
            'motion-safe:transition-[opacity,scale] motion-safe:duration-150 motion-safe:starting:scale-95 motion-safe:starting:opacity-0',
          )}
        >
          <DialogPrimitive.Title className="sr-only">{TITLE}</DialogPrimitive.Title>
          {/* Mounted only while open, so every opening starts with an empty search. This module (with
              cmdk) loads on the first opening, keeping it out of what every page loads first. */}
          <QuickSwitcherPanel entries={entries} placeholder={placeholder} onClose={() => onOpenChange(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
