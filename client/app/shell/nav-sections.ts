import { House, LayoutGrid } from 'lucide-react';

import type { SidebarSection } from '#client/components/layout/sidebar.tsx';

/**
 * The sidebar's links. Only pages that exist are listed; each feature adds its own as it
 * lands (groups, events, creators, my subscriptions).
 */
export const NAV_SECTIONS: SidebarSection[] = [
  {
    id: 'discover',
    title: 'Discover',
    collapsible: true,
    items: [{ label: 'Home', href: '/', icon: House }],
  },
  {
    id: 'resources',
    title: 'Resources',
    collapsible: true,
    items: [{ label: 'UI library', href: '/ui-library', icon: LayoutGrid }],
  },
];
