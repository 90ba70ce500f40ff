import { Menu, PanelLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/lib/paths.ts';

import { ThemeToggle } from './theme-toggle.tsx';

export type TopNavProps = {
  /** The search field, in the middle of the bar. */
  search?: ReactNode;
  /** The notification bell, for signed-in people only. */
  notifications?: ReactNode;
  /** The right end: a Sign in button, or the signed-in person's avatar menu. */
  account: ReactNode;
  onToggleSidebar: () => void;
  onOpenMobileNav: () => void;
};

/** The bar at the top of every page: menu, logo and name, search, theme, notifications and account. */
export function TopNav({ search, notifications, account, onToggleSidebar, onOpenMobileNav }: TopNavProps) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="flex h-14 items-center gap-2 px-3 sm:px-4">
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label="Open navigation"
          onClick={onOpenMobileNav}
        >
          <Menu aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="hidden md:inline-flex"
          aria-label="Toggle sidebar"
          title="Toggle sidebar (Ctrl+B)"
          aria-keyshortcuts="Control+B Meta+B"
          onClick={onToggleSidebar}
        >
          <PanelLeft aria-hidden />
        </Button>
        <Link
          to={paths.home()}
          className="flex shrink-0 items-center gap-2 rounded-md px-1 font-semibold tracking-tight"
        >
          <img src="/favicon.svg" alt="" className="size-7" width={28} height={28} />
          <span className="text-lg">Townhall</span>
        </Link>
        <div className="mx-auto hidden w-full max-w-md min-w-0 sm:block">{search}</div>
        <div className="ml-auto flex items-center gap-1 sm:ml-0">
          <ThemeToggle />
          {notifications}
          {account}
        </div>
      </div>
    </header>
  );
}
