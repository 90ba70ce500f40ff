import { House, LayoutGrid, Search, SquarePlus, UsersRound, type LucideIcon } from 'lucide-react';

import { paths } from '#client/lib/paths.ts';

/** A page people can jump to from the quick switcher. */
export type AppPage = { id: string; label: string; description: string; href: string; icon: LucideIcon };

/** The pages that exist so far; features add theirs as they land. */
export const APP_PAGES: readonly AppPage[] = [
  { id: 'home', label: 'Home', description: 'What Townhall is', href: paths.home(), icon: House },
  {
    id: 'groups',
    label: 'Groups',
    description: 'Every group, newest or most subscribed',
    href: paths.groups(),
    icon: UsersRound,
  },
  {
    id: 'search',
    label: 'Search',
    description: 'People, groups, questions and posts',
    href: paths.search(),
    icon: Search,
  },
  {
    id: 'create-group',
    label: 'Create group',
    description: 'Start a group you host',
    href: paths.createGroup(),
    icon: SquarePlus,
  },
  {
    id: 'ui-library',
    label: 'UI library',
    description: 'Every widget of Townhall, working',
    href: paths.uiLibrary(),
    icon: LayoutGrid,
  },
];
