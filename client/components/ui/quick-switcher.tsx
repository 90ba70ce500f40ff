import type { LucideIcon } from 'lucide-react';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

// The dialog and its list (cmdk) load when the switcher is first wanted, not with every page.
const loadDialog = () => import('./quick-switcher-dialog.tsx');
const QuickSwitcher = lazy(async () => ({ default: (await loadDialog()).QuickSwitcher }));

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
  // A layout effect: the shortcut listens from the commit that shows the page, not a frame later,
  // so Ctrl+K pressed as soon as the top bar appears is not lost.
  useLayoutEffect(() => {
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
  // Stays true once opened, so the dialog can play its closing animation and reopen at once.
  const [hasOpened, setHasOpened] = useState(false);
  if (isOpen && !hasOpened) setHasOpened(true);
  const open = useCallback(() => setIsOpen(true), []);
  const close = useCallback(() => setIsOpen(false), []);
  const toggle = useCallback(() => setIsOpen((value) => !value), []);
  useQuickSwitcherShortcut(toggle);
  // Ctrl or Cmd going down is the first half of Ctrl/Cmd+K: fetch the dialog's code then, so it
  // is usually there when K follows, without every page loading it.
  useLayoutEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Control' || event.key === 'Meta') void loadDialog();
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);
  const controls = useMemo(() => ({ isOpen, open, close, toggle }), [isOpen, open, close, toggle]);

  return (
    <QuickSwitcherContext value={controls}>
      {children}
      {hasOpened ? (
        <Suspense fallback={null}>
          <QuickSwitcher entries={entries} open={isOpen} onOpenChange={setIsOpen} />
        </Suspense>
      ) : null}
    </QuickSwitcherContext>
  );
}

/** Opens, closes or toggles the app's quick switcher; use under QuickSwitcherProvider. */
export function useQuickSwitcher(): QuickSwitcherControls {
  const controls = useContext(QuickSwitcherContext);
  if (!controls) throw new Error('useQuickSwitcher must be used inside QuickSwitcherProvider');
  return controls;
}
