import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';

import { GENERIC_TEXTS } from '#shared/constants/ui.ts';

import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from './command.tsx';
import { matchesQuery } from './option-filter.ts';
import type { QuickSwitcherEntry } from './quick-switcher.tsx';

/** The searchable list inside the quick switcher; loaded on first opening. */
export default function QuickSwitcherPanel({
  entries,
  placeholder,
  onClose,
}: {
  entries: readonly QuickSwitcherEntry[];
  placeholder: string;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');

  // Entries keep their index as cmdk value: labels may repeat across groups, indexes never do.
  const groups = useMemo(() => {
    const byGroup = new Map<string, { entry: QuickSwitcherEntry; index: number }[]>();
    entries.forEach((entry, index) => {
      if (!matchesQuery(search, entry.label, ...(entry.keywords ?? []))) return;
      const list = byGroup.get(entry.group) ?? [];
      list.push({ entry, index });
      byGroup.set(entry.group, list);
    });
    return [...byGroup];
  }, [entries, search]);

  function run(entry: QuickSwitcherEntry) {
    onClose();
    entry.onSelect?.();
    if (entry.href !== undefined) void navigate(entry.href);
  }

  return (
    <Command shouldFilter={false} label={placeholder} loop>
      {/* Focus lands here even when the panel arrives after the dialog opened (lazy load). */}
      <CommandInput autoFocus placeholder={placeholder} value={search} onValueChange={setSearch} />
      <CommandList>
        <CommandEmpty>{GENERIC_TEXTS.noResults}</CommandEmpty>
        {groups.map(([group, items]) => (
          <CommandGroup key={group} heading={group}>
            {items.map(({ entry, index }) => {
              const Icon = entry.icon;
              return (
                <CommandItem key={index} value={String(index)} onSelect={() => run(entry)}>
                  {Icon ? <Icon aria-hidden="true" className="text-muted-foreground" /> : null}
                  <span className="truncate">{entry.label}</span>
                </CommandItem>
              );
            })}
          </CommandGroup>
        ))}
      </CommandList>
      <p
        aria-hidden="true"
        className="hidden gap-4 border-t border-border px-3 py-2 text-xs text-muted-foreground sm:flex"
      >
        <span>↑ ↓ move</span>
        <span>Enter open</span>
        <span>Esc close</span>
      </p>
    </Command>
  );
}
