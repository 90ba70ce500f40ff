import { CircleUserRound, IdCard, LogIn, LogOut, PanelLeft, Search } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';

import { SidebarNav, type SidebarUser } from '#client/components/layout/sidebar.tsx';
import { SiteFooter } from '#client/components/layout/site-footer.tsx';
import { SidebarProvider, useSidebar } from '#client/components/layout/sidebar-context.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  QUICK_SWITCHER_KEYSHORTCUTS,
  QuickSwitcherProvider,
  useQuickSwitcher,
  type QuickSwitcherEntry,
} from '#client/components/ui/quick-switcher.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { LazyToaster } from '#client/components/ui/lazy-toaster.tsx';
import { useGoogleWelcome } from '#client/features/accounts/hooks/use-google-welcome.ts';
import { useLogOut } from '#client/features/accounts/hooks/use-log-out.ts';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { personDisplay } from '#client/features/accounts/utils/person-display.ts';
import { PageViewBeacon } from '#client/features/analytics/components/page-view-beacon.tsx';
import { useSubscriptionsNavSection } from '#client/features/groups/hooks/use-subscriptions-nav-section.ts';
import { cn } from '#client/lib/cn.ts';
import { paths } from '#client/lib/paths.ts';
import type { SessionUser } from '#shared/schemas/accounts.ts';

import { APP_PAGES } from './app-pages.ts';

// What only a signed-in person sees loads when they are: a visitor's first load leaves it out.
const AccountMenu = lazy(async () => ({
  default: (await import('#client/features/accounts/components/account-menu.tsx')).AccountMenu,
}));
const NotificationBell = lazy(async () => ({
  default: (await import('#client/features/notifications/components/notification-bell.tsx')).NotificationBell,
}));
import { NAV_SECTIONS } from './nav-sections.ts';
import { useRouteFocus } from './route-focus.ts';
import { SignInModalProvider, useSignInModal } from '../../features/accounts/components/sign-in-modal.tsx';
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
  const { user } = useSession();
  // A new Google account lands on ?welcome=google: the welcome call goes from here, on any page.
  useGoogleWelcome();
  const { logOut } = useLogOut();
  const isSignedIn = user !== null;
  const entries = useMemo<QuickSwitcherEntry[]>(
    () => [
      ...APP_PAGES.map((page) => ({ label: page.label, group: 'Pages', href: page.href, icon: page.icon })),
      ...(isSignedIn
        ? [
            {
              label: 'Your profile',
              group: 'Pages',
              href: paths.ownProfile(),
              icon: CircleUserRound,
              keywords: ['me', 'account'],
            },
            {
              label: 'Edit profile',
              group: 'Pages',
              href: paths.settings.profile(),
              icon: IdCard,
              keywords: ['username', 'picture', 'avatar'],
            },
          ]
        : []),
      {
        label: 'Toggle sidebar',
        group: 'Actions',
        onSelect: sidebar.toggle,
        icon: PanelLeft,
        keywords: ['menu', 'navigation'],
      },
      isSignedIn
        ? { label: 'Log out', group: 'Actions', onSelect: () => void logOut(), icon: LogOut, keywords: ['sign out'] }
        : { label: 'Sign in', group: 'Actions', onSelect: openSignIn, icon: LogIn, keywords: ['log in', 'account'] },
    ],
    [sidebar.toggle, openSignIn, isSignedIn, logOut],
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

/** The sidebar's profile block for the signed-in person. */
function toSidebarUser(user: SessionUser): SidebarUser {
  const person = personDisplay(user);
  return { name: person.name, email: user.email, avatar: person.imageUrl, userId: user.id };
}

/** The right end of the top bar: a placeholder while the session loads, then Sign in or the avatar menu. */
function AccountSlot({ onLogOut }: { onLogOut: () => void }) {
  const { user, loading } = useSession();
  const { openSignIn } = useSignInModal();
  // Holding the place keeps a signed-in person from seeing 'Sign in' flash before their avatar.
  const placeholder = <Skeleton className="mx-0.5 size-8 rounded-full" />;
  if (user) {
    return (
      <Suspense fallback={placeholder}>
        <AccountMenu user={user} onLogOut={onLogOut} />
      </Suspense>
    );
  }
  if (loading) return placeholder;
  return (
    <Button size="sm" onClick={openSignIn}>
      Sign in
    </Button>
  );
}

// The phone's navigation sheet loads when it first opens.
const MobileNav = lazy(async () => ({ default: (await import('./mobile-nav.tsx')).MobileNav }));

function ShellFrame() {
  const sidebar = useSidebar();
  // A new page takes focus to its heading, so keyboard and screen-reader users start there.
  useRouteFocus();
  // Stays true once opened, so the sheet can play its closing animation.
  const [hasOpenedMobileNav, setHasOpenedMobileNav] = useState(false);
  if (sidebar.isMobileOpen && !hasOpenedMobileNav) setHasOpenedMobileNav(true);
  const { user } = useSession();
  const { logOut } = useLogOut();
  const navigate = useNavigate();
  const subscriptionsSection = useSubscriptionsNavSection();
  const sections = useMemo(
    () =>
      subscriptionsSection
        ? [...NAV_SECTIONS.slice(0, 1), subscriptionsSection, ...NAV_SECTIONS.slice(1)]
        : NAV_SECTIONS,
    [subscriptionsSection],
  );
  const navProps = {
    sections,
    isSectionCollapsed: sidebar.isSectionCollapsed,
    onToggleSection: sidebar.toggleSection,
    user: user ? toSidebarUser(user) : null,
    onSettings: () => {
      sidebar.setMobileOpen(false);
      void navigate(paths.settings.index());
    },
    onLogout: () => {
      sidebar.setMobileOpen(false);
      void logOut();
    },
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
        notifications={
          user ? (
            <Suspense fallback={<div className="size-9" />}>
              <NotificationBell userId={user.id} />
            </Suspense>
          ) : null
        }
        account={
          <>
            <QuickSwitcherButton />
            <AccountSlot onLogOut={() => void logOut()} />
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
        {hasOpenedMobileNav ? (
          <Suspense fallback={null}>
            <MobileNav
              open={sidebar.isMobileOpen}
              onOpenChange={sidebar.setMobileOpen}
              nav={<SidebarNav {...navProps} onNavigate={() => sidebar.setMobileOpen(false)} />}
            />
          </Suspense>
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="main" tabIndex={-1} className="min-w-0 flex-1 outline-none">
            <Outlet />
          </main>
          <SiteFooter />
        </div>
      </div>
      <LazyToaster />
      <PageViewBeacon />
    </div>
  );
}
