import { CalendarDays, House, LayoutGrid, SquarePlus, UsersRound } from 'lucide-react';

import type { SidebarSection } from '#client/components/layout/sidebar.tsx';

/**
 * The sidebar's links. Only pages that exist are listed; each feature adds its own as it
 * lands (events, creators). The signed-in person's subscriptions are a section of their own,
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
      { label: 'Events', href: '/events', icon: CalendarDays },
      { label: 'Create group', href: '/create', icon: SquarePlus },
    ],
  },
  {
    id: 'resources',
    title: 'Resources',
    collapsible: true,
    items: [{ label: 'UI library', href: '/ui-library', icon: LayoutGrid }],
  },
];
