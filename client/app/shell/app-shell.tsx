import { PanelLeft, Search, LogIn } from 'lucide-react';
import { useMemo } from 'react';
import { Outlet } from 'react-router';

import { SidebarNav } from '#client/components/layout/sidebar.tsx';
import { SidebarProvider, useSidebar } from '#client/components/layout/sidebar-context.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  QUICK_SWITCHER_KEYSHORTCUTS,
  QuickSwitcherProvider,
  useQuickSwitcher,
  type QuickSwitcherEntry,
} from '#client/components/ui/quick-switcher.tsx';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '#client/components/ui/sheet.tsx';
import { Toaster } from '#client/components/ui/toaster.tsx';
import { PageViewBeacon } from '#client/features/analytics/components/page-view-beacon.tsx';
import { cn } from '#client/lib/cn.ts';

import { APP_PAGES } from './app-pages.ts';
import { NAV_SECTIONS } from './nav-sections.ts';
import { SignInModalProvider, useSignInModal } from './sign-in-modal.tsx';
import { SiteSearch } from './site-search.tsx';
import { TopNav } from './top-nav.tsx';

/** The frame of every page: top bar, sidebar (a sheet on phones), the page, toasts, analytics. */
export function AppShell() {
  return (
    <SidebarProvider>
      <SignInModalProvider>
        <ShellLayout />
      </SignInModalProvider>
    </SidebarProvider>
  );
}

function ShellLayout() {
  const sidebar = useSidebar();
  const { openSignIn } = useSignInModal();
  const entries = useMemo<QuickSwitcherEntry[]>(
    () => [
      ...APP_PAGES.map((page) => ({ label: page.label, group: 'Pages', href: page.href, icon: page.icon })),
      {
        label: 'Toggle sidebar',
        group: 'Actions',
        onSelect: sidebar.toggle,
        icon: PanelLeft,
        keywords: ['menu', 'navigation'],
      },
      { label: 'Sign in', group: 'Actions', onSelect: openSignIn, icon: LogIn, keywords: ['log in', 'account'] },
    ],
    [sidebar.toggle, openSignIn],
  );
  return (
    <QuickSwitcherProvider entries={entries}>
      <ShellFrame />
    </QuickSwitcherProvider>
  );
}

function QuickSwitcherButton() {
  const { open } = useQuickSwitcher();
  return (
    <Button
      variant="ghost"
      size="icon"
      className="sm:hidden"
      aria-label="Search and jump to"
      aria-keyshortcuts={QUICK_SWITCHER_KEYSHORTCUTS}
      onClick={open}
    >
      <Search aria-hidden />
    </Button>
  );
}

function ShellFrame() {
  const sidebar = useSidebar();
  const { openSignIn } = useSignInModal();
  const navProps = {
    sections: NAV_SECTIONS,
    isSectionCollapsed: sidebar.isSectionCollapsed,
    onToggleSection: sidebar.toggleSection,
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TopNav
        search={<SiteSearch />}
        account={
          <>
            <QuickSwitcherButton />
            <Button size="sm" onClick={openSignIn}>
              Sign in
            </Button>
          </>
        }
        onToggleSidebar={sidebar.toggle}
        onOpenMobileNav={() => sidebar.setMobileOpen(true)}
      />
      <div className="flex flex-1">
        <aside
          data-collapsed={sidebar.isCollapsed}
          className={cn(
            'sticky top-14 hidden h-[calc(100dvh-3.5rem)] shrink-0 border-r bg-background transition-[width] duration-200 md:block',
            sidebar.isCollapsed ? 'w-16' : 'w-56 lg:w-64 xl:w-72',
          )}
        >
          <SidebarNav {...navProps} isCollapsed={sidebar.isCollapsed} />
        </aside>
        <Sheet open={sidebar.isMobileOpen} onOpenChange={sidebar.setMobileOpen}>
          <SheetContent side="left" className="p-0">
            <SheetTitle className="sr-only">Navigation</SheetTitle>
            <SheetDescription className="sr-only">Pages of Townhall</SheetDescription>
            <SidebarNav {...navProps} onNavigate={() => sidebar.setMobileOpen(false)} />
          </SheetContent>
        </Sheet>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 outline-none">
          <Outlet />
        </main>
      </div>
      <Toaster />
      <PageViewBeacon />
    </div>
  );
}
