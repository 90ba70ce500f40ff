import { House, LayoutGrid, type LucideIcon } from 'lucide-react';

/** A page people can jump to from the search field and the quick switcher. */
export type AppPage = { id: string; label: string; description: string; href: string; icon: LucideIcon };

/** The pages that exist so far; features add theirs as they land. */
export const APP_PAGES: readonly AppPage[] = [
  { id: 'home', label: 'Home', description: 'What Townhall is', href: '/', icon: House },
  {
    id: 'ui-library',
    label: 'UI library',
    description: 'Every widget of Townhall, working',
    href: '/ui-library',
    icon: LayoutGrid,
  },
];
