import type { LucideIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

import { cn } from '#client/lib/cn.ts';
import { GENERIC_TEXTS } from '#shared/constants/ui.ts';

import { DialogOverlay } from './dialog.tsx';

const loadPanel = () => import('./quick-switcher-panel.tsx');
const QuickSwitcherPanel = lazy(loadPanel);

const TITLE = 'Quick switcher';
const PLACEHOLDER = 'Search pages and actions...';

/** The keys that open the quick switcher, as aria-keyshortcuts spells them (for buttons that open it). */
export const QUICK_SWITCHER_KEYSHORTCUTS = 'Control+K Meta+K';

/** One entry of the quick switcher: a page to go to (`href`), an action (`onSelect`), or both. */
export type QuickSwitcherEntry = {
  label: string;
  /** Heading the entry is listed under; groups appear in the order they are first met. */
  group: string;
  /** A path inside the app to go to. */
  href?: string;
  /** Runs when the entry is chosen, after the switcher closes. */
  onSelect?: () => void;
  /** Other words that should find this entry, such as 'preferences' for Settings. */
  keywords?: readonly string[];
  icon?: LucideIcon;
};

/**
 * Whether a key press is the quick switcher's shortcut: Ctrl+K, or Cmd+K on a Mac. The letter is
 * read from `key` so other Latin layouts (Dvorak, AZERTY) use their own K; `code` is only a fallback
 * for layouts without Latin letters, where `key` is, say, 'л'.
 */
export function isQuickSwitcherShortcut(event: KeyboardEvent): boolean {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return false;
  // Chrome's autofill fires keydown events without a key.
  if (typeof event.key !== 'string') return false;
  const key = event.key.toLowerCase();
  return key === 'k' || (!/^[a-z]$/.test(key) && event.code === 'KeyK');
}

/**
 * Calls `onToggle` when Ctrl+K or Cmd+K is pressed anywhere on the page, and keeps the browser from
 * acting on it (it would focus its own search bar). A key press someone else already handled (an
 * editor's Ctrl+K for links) is left alone. Pass a stable callback: a new one re-subscribes.
 */
export function useQuickSwitcherShortcut(onToggle: () => void, isEnabled = true): void {
  useEffect(() => {
    if (!isEnabled) return;
    function handleKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.repeat || event.isComposing) return;
      if (!isQuickSwitcherShortcut(event)) return;
      event.preventDefault();
      onToggle();
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [onToggle, isEnabled]);
}

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
          {/* Mounted only while open, so every opening starts with an empty search. Its code (cmdk)
              loads on the first opening, keeping it out of what every page loads first. */}
          <Suspense fallback={<p className="p-4 text-sm text-muted-foreground">{GENERIC_TEXTS.loading}</p>}>
            <QuickSwitcherPanel entries={entries} placeholder={placeholder} onClose={() => onOpenChange(false)} />
          </Suspense>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** Opening and closing the app's quick switcher from anywhere under QuickSwitcherProvider. */
export type QuickSwitcherControls = {
  isOpen: boolean;
  open: () => void;
  close: () => void;
  toggle: () => void;
};

const QuickSwitcherContext = createContext<QuickSwitcherControls | null>(null);

/**
 * Mount once in the app shell, inside the router: renders the quick switcher over `entries`, binds
 * Ctrl/Cmd+K, and lets any component open it with useQuickSwitcher().
 */
export function QuickSwitcherProvider({
  entries,
  children,
}: {
  entries: readonly QuickSwitcherEntry[];
  children: ReactNode;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const open = useCallback(() => setIsOpen(true), []);
  const close = useCallback(() => setIsOpen(false), []);
  const toggle = useCallback(() => setIsOpen((value) => !value), []);
  useQuickSwitcherShortcut(toggle);
  // Fetch the list's code once the page is idle, so the first Ctrl+K opens at once.
  useEffect(() => {
    const preload = () => void loadPanel();
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(preload, { timeout: 5000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(preload, 2000);
    return () => window.clearTimeout(timer);
  }, []);
  const controls = useMemo(() => ({ isOpen, open, close, toggle }), [isOpen, open, close, toggle]);

  return (
    <QuickSwitcherContext value={controls}>
      {children}
      <QuickSwitcher entries={entries} open={isOpen} onOpenChange={setIsOpen} />
    </QuickSwitcherContext>
  );
}

/** Opens, closes or toggles the app's quick switcher; use under QuickSwitcherProvider. */
export function useQuickSwitcher(): QuickSwitcherControls {
  const controls = useContext(QuickSwitcherContext);
  if (!controls) throw new Error('useQuickSwitcher must be used inside QuickSwitcherProvider');
  return controls;
}
