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
import { paths } from '#client/lib/paths.ts';

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
      { label: 'Home', href: paths.home(), icon: House },
      { label: 'Groups', href: paths.groups(), icon: UsersRound },
      { label: 'Creators', href: paths.creators(), icon: Mic },
      { label: 'Events', href: paths.events(), icon: CalendarDays },
      { label: 'Dashboard', href: paths.dashboard(), icon: LayoutDashboard },
      { label: 'Create group', href: paths.createGroup(), icon: SquarePlus },
    ],
  },
  {
    id: 'resources',
    title: 'Resources',
    collapsible: true,
    items: [
      { label: 'About', href: paths.about(), icon: Info },
      { label: 'Blog', href: paths.blog(), icon: BookOpen },
      { label: 'Support', href: paths.support(), icon: LifeBuoy },
      { label: 'Contact', href: paths.contact(), icon: Mail },
      { label: 'UI library', href: paths.uiLibrary(), icon: LayoutGrid },
    ],
  },
];
