import {
  BookOpen,
  CalendarDays,
  House,
  Info,
  LayoutDashboard,
  LayoutGrid,
  LifeBuoy,
  Mail,
  Mic,
  SquarePlus,
  UsersRound,
} from 'lucide-react';

import type { SidebarSection } from '#client/components/layout/sidebar.tsx';

/**
 * The sidebar's links. Only pages that exist are listed; the reserved path words
 * name most of them. The signed-in person's subscriptions are a section of their own,
 * added by the shell after 'Discover' (useSubscriptionsNavSection).
 */
export const NAV_SECTIONS: SidebarSection[] = [
  {
    id: 'discover',
    title: 'Discover',
    collapsible: true,
    items: [
      { label: 'Home', href: '/', icon: House },
      { label: 'Groups', href: '/groups', icon: UsersRound },
      { label: 'Creators', href: '/creator', icon: Mic },
      { label: 'Events', href: '/events', icon: CalendarDays },
      { label: 'Dashboard', href: '/dashboard', icon: LayoutDashboard },
      { label: 'Create group', href: '/create', icon: SquarePlus },
    ],
  },
  {
    id: 'resources',
    title: 'Resources',
    collapsible: true,
    items: [
      { label: 'About', href: '/about', icon: Info },
      { label: 'Blog', href: '/blog', icon: BookOpen },
      { label: 'Support', href: '/support', icon: LifeBuoy },
      { label: 'Contact', href: '/contact', icon: Mail },
      { label: 'UI library', href: '/ui-library', icon: LayoutGrid },
    ],
  },
];
