import { Command as CommandPrimitive } from 'cmdk';
import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';

import { cn } from '#client/lib/cn.ts';
import { COMMAND_LIST_MAX_HEIGHT_PX } from '#shared/constants/ui.ts';

/**
 * A command menu (cmdk): a search input over a list the arrow keys move through and Enter runs.
 * The kit's pickers pass `shouldFilter={false}` and filter with option-filter.ts, so every list
 * matches the same way. cmdk's Ctrl+N/J/P/K bindings are off by default: Ctrl+K
 * belongs to the quick switcher everywhere, and the arrows do the same job.
 */
export function Command({ className, vimBindings = false, ...props }: ComponentProps<typeof CommandPrimitive>) {
  return (
    <CommandPrimitive
      data-slot="command"
      vimBindings={vimBindings}
      className={cn(
        'flex size-full flex-col overflow-hidden rounded-md bg-popover text-popover-foreground outline-none',
        className,
      )}
      {...props}
    />
  );
}

/** The search input of a command menu, with a magnifier; cmdk gives it the combobox role. */
export function CommandInput({ className, ...props }: ComponentProps<typeof CommandPrimitive.Input>) {
  return (
    <div data-slot="command-input-wrapper" className="flex h-10 items-center gap-2 border-b border-border px-3">
      <Search aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <CommandPrimitive.Input
        data-slot="command-input"
        className={cn(
          'flex h-10 w-full min-w-0 bg-transparent py-3 text-sm outline-none placeholder:text-muted-foreground',
          'disabled:cursor-not-allowed disabled:opacity-50',
          className,
        )}
        {...props}
      />
    </div>
  );
}

/** The scrolling list of a command menu, at most COMMAND_LIST_MAX_HEIGHT_PX (300 px) high. */
export function CommandList({ className, style, ...props }: ComponentProps<typeof CommandPrimitive.List>) {
  return (
    <CommandPrimitive.List
      data-slot="command-list"
      className={cn('scroll-py-1 overflow-x-hidden overflow-y-auto overscroll-contain', className)}
      // Inline so the height comes from the shared constant rather than a copy in a class name.
      style={{ maxHeight: COMMAND_LIST_MAX_HEIGHT_PX, ...style }}
      {...props}
    />
  );
}

/** Shown when the list has no items. */
export function CommandEmpty({ className, ...props }: ComponentProps<typeof CommandPrimitive.Empty>) {
  return (
    <CommandPrimitive.Empty
      data-slot="command-empty"
      className={cn('py-6 text-center text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}

/** A group of items under a small heading. */
export function CommandGroup({ className, ...props }: ComponentProps<typeof CommandPrimitive.Group>) {
  return (
    <CommandPrimitive.Group
      data-slot="command-group"
      className={cn(
        'overflow-hidden p-1 text-foreground',
        '[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs',
        '[&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

/** A line between groups; purely visual, since the groups already have headings. */
export function CommandSeparator({ className, ...props }: ComponentProps<typeof CommandPrimitive.Separator>) {
  return (
    // cmdk gives it role separator, which a listbox may not contain (axe: aria-required-children);
    // as a child the div's own role and aria-hidden win, and the line stays out of the tree.
    <CommandPrimitive.Separator asChild {...props}>
      <div
        data-slot="command-separator"
        role="none"
        aria-hidden="true"
        className={cn('-mx-1 h-px bg-border', className)}
      />
    </CommandPrimitive.Separator>
  );
}

/** One choice; highlighted by pointer or arrows (data-selected), run by click or Enter (onSelect). */
export function CommandItem({ className, ...props }: ComponentProps<typeof CommandPrimitive.Item>) {
  return (
    <CommandPrimitive.Item
      data-slot="command-item"
      className={cn(
        'relative flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none',
        'data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground',
        'data-[disabled=true]:pointer-events-none data-[disabled=true]:cursor-not-allowed data-[disabled=true]:opacity-50',
        "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
        className,
      )}
      {...props}
    />
  );
}

/** A keyboard hint at the end of an item, such as ⌘K. */
export function CommandShortcut({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      data-slot="command-shortcut"
      className={cn('ml-auto text-xs tracking-widest text-muted-foreground', className)}
      {...props}
    />
  );
}
