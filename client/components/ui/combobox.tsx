import { Check, ChevronsUpDown } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';

import { cn } from '#client/lib/cn.ts';
import { COMBOBOX } from '#shared/constants/ui.ts';

import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from './command.tsx';
import { floatingPanelClassName } from './hover-card.tsx';
import { filterOptions, findOption, isOptionGroup, type ComboboxItem, type ComboboxOption } from './option-filter.ts';

export type { ComboboxItem, ComboboxOption, ComboboxOptionGroup } from './option-filter.ts';

/** Props of Combobox. Give it an accessible name with `aria-labelledby` (a visible label) or `aria-label`. */
export type ComboboxProps = {
  /** Options, groups of options, or both. */
  options: readonly ComboboxItem[];
  /** The chosen value, when controlled; '' for none. */
  value?: string;
  /** The first chosen value, when not controlled. */
  defaultValue?: string;
  /** Called with the value of the option picked. */
  onValueChange?: (value: string) => void;
  /** Trigger text while nothing is chosen (default 'Select option...'). */
  placeholder?: string;
  /** Placeholder and accessible name of the search input (default 'Search options...'). */
  searchPlaceholder?: string;
  /** Shown when no option matches (default 'No options found'). */
  emptyText?: string;
  disabled?: boolean;
  /** Id of the trigger button, for a <label htmlFor>. */
  id?: string;
  /** Submits the chosen value with a form under this name. */
  name?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  /** Classes of the trigger button. */
  className?: string;
  /** Classes of the floating panel. */
  contentClassName?: string;
  /** `button` (default) looks like an outline button; `field` like a text input, full width. */
  appearance?: 'button' | 'field';
};

/** Printable single characters start a search from the closed trigger, like typing on a native select. */
function isPrintableKey(event: KeyboardEvent): boolean {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && event.key !== ' ';
}

/**
 * A searchable picker: a button with role combobox that opens a panel
 * with a search input and the options. Typing filters by label or description, case-insensitively
 * by substring (filterOptions, ours rather than cmdk's fuzzy ranking); arrows move, Enter picks,
 * Escape closes and returns focus to the button. The list is at most 300 px high and scrolls.
 */
export function Combobox({
  options,
  value: valueProp,
  defaultValue = '',
  onValueChange,
  placeholder = COMBOBOX.placeholder,
  searchPlaceholder = COMBOBOX.searchPlaceholder,
  emptyText = COMBOBOX.emptyText,
  disabled = false,
  id,
  name,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  'aria-describedby': ariaDescribedBy,
  'aria-invalid': ariaInvalid,
  className,
  contentClassName,
  appearance = 'button',
}: ComboboxProps) {
  const [uncontrolledValue, setUncontrolledValue] = useState(defaultValue);
  const value = valueProp ?? uncontrolledValue;
  const [isOpen, setIsOpen] = useState(false);
  const [search, setSearch] = useState('');
  const selected = findOption(options, value);
  const visibleItems = useMemo(() => filterOptions(options, search), [options, search]);

  function handleOpenChange(next: boolean) {
    setIsOpen(next);
    // Each opening starts from the whole list.
    if (!next) setSearch('');
  }

  function handleSelect(option: ComboboxOption) {
    if (valueProp === undefined) setUncontrolledValue(option.value);
    onValueChange?.(option.value);
    handleOpenChange(false);
  }

  function handleTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (disabled || isOpen) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
    } else if (isPrintableKey(event)) {
      event.preventDefault();
      setSearch(event.key);
      setIsOpen(true);
    }
  }

  function renderOption(option: ComboboxOption): ReactNode {
    const isChosen = option.value === value;
    return (
      <CommandItem
        key={option.value}
        value={option.value}
        disabled={option.disabled}
        onSelect={() => {
          handleSelect(option);
        }}
      >
        <Check aria-hidden="true" className={cn('size-4 self-start mt-0.5', isChosen ? 'opacity-100' : 'opacity-0')} />
        <span className="flex min-w-0 flex-col">
          <span className="truncate">{option.label}</span>
          {option.description ? <span className="text-xs text-muted-foreground">{option.description}</span> : null}
        </span>
      </CommandItem>
    );
  }

  return (
    <Popover.Root open={isOpen} onOpenChange={handleOpenChange}>
      <Popover.Trigger asChild>
        <button
          type="button"
          id={id}
          role="combobox"
          // The popup is a panel holding a search box and a listbox, which ARIA calls a dialog.
          aria-haspopup="dialog"
          aria-expanded={isOpen}
          aria-label={ariaLabel}
          aria-labelledby={ariaLabelledBy}
          aria-describedby={ariaDescribedBy}
          aria-invalid={ariaInvalid || undefined}
          disabled={disabled}
          onKeyDown={handleTriggerKeyDown}
          data-slot="combobox-trigger"
          className={cn(
            'inline-flex h-9 cursor-pointer items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-sm shadow-sm',
            'transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
            'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-error',
            appearance === 'button' ? 'w-64 max-w-full hover:bg-accent hover:text-accent-foreground' : 'w-full',
            className,
          )}
        >
          <span className={cn('truncate', !selected && 'text-muted-foreground')}>
            {selected ? selected.label : placeholder}
          </span>
          <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 opacity-60" />
        </button>
      </Popover.Trigger>
      {name !== undefined ? <input type="hidden" name={name} value={value} /> : null}
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          aria-label={ariaLabelledBy ? undefined : ariaLabel}
          aria-labelledby={ariaLabelledBy}
          className={cn(
            floatingPanelClassName,
            'w-(--radix-popover-trigger-width) min-w-56 max-w-[calc(100vw-1rem)] p-0',
            contentClassName,
          )}
        >
          {/* Our filter decides what is listed, so cmdk must not filter or reorder on its own. */}
          <Command shouldFilter={false} label={searchPlaceholder} defaultValue={selected?.value} loop>
            <CommandInput placeholder={searchPlaceholder} value={search} onValueChange={setSearch} />
            <CommandList style={{ maxHeight: COMBOBOX.maxListHeightPx }}>
              <CommandEmpty>{emptyText}</CommandEmpty>
              {visibleItems.map((item) =>
                isOptionGroup(item) ? (
                  <CommandGroup key={`group:${item.label}`} heading={item.label}>
                    {item.options.map(renderOption)}
                  </CommandGroup>
                ) : (
                  renderOption(item)
                ),
              )}
            </CommandList>
          </Command>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
