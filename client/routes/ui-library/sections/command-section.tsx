import {
  ArrowUp,
  CircleUser,
  Combine,
  House,
  LayoutGrid,
  Search,
  SquareMousePointer,
  TextCursorInput,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

import { Button } from '#client/components/ui/button.tsx';
import {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  CommandSeparator,
} from '#client/components/ui/command.tsx';
import { matchesQuery } from '#client/components/ui/option-filter.ts';
import { QUICK_SWITCHER_KEYSHORTCUTS, type QuickSwitcherEntry } from '#client/components/ui/quick-switcher.tsx';
import { QuickSwitcher } from '#client/components/ui/quick-switcher-dialog.tsx';
import { paths } from '#client/lib/paths.ts';
import { GENERIC_TEXTS } from '#shared/constants/ui.ts';

import { DemoSection } from '../demo-section.tsx';

function scrollToSection(id: string) {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

const WIDGETS: { id: string; label: string; icon: LucideIcon }[] = [
  { id: 'avatars', label: 'Avatars', icon: CircleUser },
  { id: 'combobox', label: 'Combobox', icon: Combine },
  { id: 'search', label: 'Search', icon: Search },
  { id: 'inputs', label: 'Inputs', icon: TextCursorInput },
  { id: 'skeletons', label: 'Skeletons', icon: LayoutGrid },
];

const SWITCHER_ENTRIES: QuickSwitcherEntry[] = [
  { label: 'Home', href: paths.home(), group: 'Pages', icon: House, keywords: ['start', 'landing'] },
  { label: 'UI library', href: paths.uiLibrary(), group: 'Pages', icon: SquareMousePointer, keywords: ['style guide'] },
  ...WIDGETS.map((widget) => ({
    label: widget.label,
    group: 'Widgets on this page',
    icon: widget.icon,
    onSelect: () => scrollToSection(widget.id),
  })),
  {
    label: 'Back to the top',
    group: 'Actions',
    icon: ArrowUp,
    keywords: ['scroll'],
    onSelect: () => window.scrollTo({ top: 0, behavior: 'smooth' }),
  },
];

/**
 * Renders its children once they come near the viewport. cmdk scrolls its first item into
 * view when it mounts, which would drag the page down to this section on load.
 */
function WhenVisible({ children, minHeight }: { children: ReactNode; minHeight: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [isVisible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver !== 'function') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setVisible(true);
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} style={isVisible ? undefined : { minHeight }}>
      {isVisible ? children : null}
    </div>
  );
}

/** An inline command list, and a button that opens the quick switcher (in the app: Ctrl+K or Cmd+K). */
export function CommandSection() {
  const [search, setSearch] = useState('');
  const [lastRun, setLastRun] = useState<string | null>(null);
  const [isSwitcherOpen, setIsSwitcherOpen] = useState(false);
  const widgets = useMemo(() => WIDGETS.filter((widget) => matchesQuery(search, widget.label)), [search]);
  const showActions = matchesQuery(search, 'Back to the top');

  return (
    <DemoSection
      id="command"
      title="Command"
      description="A command list (at most 300 px high, then it scrolls) is what the combobox and the quick switcher are built on. In the app, Ctrl+K (⌘K on a Mac) opens the quick switcher from anywhere."
    >
      <div className="grid gap-8 md:grid-cols-2">
        <div className="grid content-start gap-2">
          <WhenVisible minHeight="20rem">
            <Command shouldFilter={false} label="Jump to a widget" className="border border-border shadow-sm">
              <CommandInput placeholder="Jump to a widget..." value={search} onValueChange={setSearch} />
              <CommandList>
                <CommandEmpty>{GENERIC_TEXTS.noResults}</CommandEmpty>
                {widgets.length > 0 ? (
                  <CommandGroup heading="Widgets">
                    {widgets.map((widget) => (
                      <CommandItem
                        key={widget.id}
                        value={widget.id}
                        onSelect={() => {
                          setLastRun(widget.label);
                          scrollToSection(widget.id);
                        }}
                      >
                        <widget.icon aria-hidden="true" className="text-muted-foreground" />
                        {widget.label}
                      </CommandItem>
                    ))}
                  </CommandGroup>
                ) : null}
                <CommandSeparator />
                {showActions ? (
                  <CommandGroup heading="Actions">
                    <CommandItem
                      value="top"
                      onSelect={() => {
                        setLastRun('Back to the top');
                        window.scrollTo({ top: 0, behavior: 'smooth' });
                      }}
                    >
                      <ArrowUp aria-hidden="true" className="text-muted-foreground" />
                      Back to the top
                    </CommandItem>
                  </CommandGroup>
                ) : null}
              </CommandList>
            </Command>
          </WhenVisible>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {lastRun ? `Ran: ${lastRun}` : 'Arrows move, Enter runs.'}
          </p>
        </div>

        <div className="grid content-start justify-items-start gap-3">
          <Button
            variant="outline"
            aria-keyshortcuts={QUICK_SWITCHER_KEYSHORTCUTS}
            onClick={() => setIsSwitcherOpen(true)}
          >
            <Search aria-hidden="true" />
            Open quick switcher
            {/* Shown for sighted users; aria-keyshortcuts tells assistive technology. */}
            <kbd
              aria-hidden="true"
              className="ml-2 rounded border border-border bg-muted px-1.5 font-mono text-xs text-muted-foreground"
            >
              Ctrl K
            </kbd>
          </Button>
          <p className="text-sm text-muted-foreground">
            Type to filter pages, widgets and actions; Enter goes there, Escape closes.
          </p>
          <QuickSwitcher entries={SWITCHER_ENTRIES} open={isSwitcherOpen} onOpenChange={setIsSwitcherOpen} />
        </div>
      </div>
    </DemoSection>
  );
}
