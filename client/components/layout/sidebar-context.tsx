import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';

import { readStored, writeStored } from '#client/lib/local-storage.ts';

const STORAGE_KEY = 'townhall:sidebar';
/** Below this width the sidebar is a slide-over sheet instead of a column. */
export const SIDEBAR_DESKTOP_QUERY = '(min-width: 768px)';

type StoredState = { collapsed: boolean; collapsedSections: string[] };

function isStoredState(value: unknown): value is StoredState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Record<string, unknown>;
  return (
    typeof state.collapsed === 'boolean' &&
    Array.isArray(state.collapsedSections) &&
    state.collapsedSections.every((id) => typeof id === 'string')
  );
}

/** The sidebar's state: collapsed column, open sheet on phones, folded sections. */
export type SidebarState = {
  isCollapsed: boolean;
  isMobileOpen: boolean;
  setMobileOpen: (open: boolean) => void;
  /** Ctrl/Cmd+B: collapses the column on wide screens, opens or closes the sheet on phones. */
  toggle: () => void;
  isSectionCollapsed: (id: string) => boolean;
  toggleSection: (id: string) => void;
};

const SidebarContext = createContext<SidebarState | null>(null);

/** Whether a key press is the sidebar shortcut, Ctrl+B or Cmd+B. */
export function isSidebarShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) {
  return event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/** Holds the sidebar's state for the page; collapse choices survive a reload. */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const [stored, setStored] = useState<StoredState>(() =>
    readStored(STORAGE_KEY, { collapsed: false, collapsedSections: [] }, isStoredState),
  );
  const [isMobileOpen, setMobileOpen] = useState(false);

  const update = useCallback((change: (state: StoredState) => StoredState) => {
    setStored((state) => {
      const next = change(state);
      writeStored(STORAGE_KEY, next);
      return next;
    });
  }, []);

  const toggle = useCallback(() => {
    if (window.matchMedia(SIDEBAR_DESKTOP_QUERY).matches)
      update((state) => ({ ...state, collapsed: !state.collapsed }));
    else setMobileOpen((open) => !open);
  }, [update]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const value = useMemo<SidebarState>(
    () => ({
      isCollapsed: stored.collapsed,
      isMobileOpen,
      setMobileOpen,
      toggle,
      isSectionCollapsed: (id) => stored.collapsedSections.includes(id),
      toggleSection: (id) =>
        update((state) => ({
          ...state,
          collapsedSections: state.collapsedSections.includes(id)
            ? state.collapsedSections.filter((section) => section !== id)
            : [...state.collapsedSections, id],
        })),
    }),
    [stored, isMobileOpen, toggle, update],
  );

  return <SidebarContext value={value}>{children}</SidebarContext>;
}

/** The sidebar state of the page; throws outside a SidebarProvider. */
export function useSidebar(): SidebarState {
  const state = use(SidebarContext);
  if (!state) throw new Error('useSidebar needs a SidebarProvider');
  return state;
}
