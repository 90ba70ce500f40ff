import { Bell, CalendarDays, House, MessagesSquare, Settings2, Star, Users } from 'lucide-react';
import { useState } from 'react';

import { useSignInModal } from '#client/features/accounts/components/sign-in-modal.tsx';
import { SidebarNav, type SidebarSection } from '#client/components/layout/sidebar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/lib/paths.ts';

import { DemoSection } from '../demo-section.tsx';

const SAMPLE_SECTIONS: SidebarSection[] = [
  {
    id: 'demo-main',
    title: 'Main',
    items: [
      { label: 'Home', href: paths.uiLibrary(), active: true, icon: House },
      { label: 'Notifications', href: `${paths.uiLibrary()}#notifications`, icon: Bell, badge: 3 },
      { label: 'Events', href: `${paths.uiLibrary()}#events`, icon: CalendarDays, disabled: true },
    ],
  },
  {
    id: 'demo-groups',
    title: 'My groups',
    collapsible: true,
    items: [
      {
        label: 'Ask Ada anything',
        href: `${paths.uiLibrary()}#ada`,
        icon: MessagesSquare,
        badge: 'live',
        children: [
          { label: 'Questions', href: `${paths.uiLibrary()}#ada-questions` },
          { label: 'Posts', href: `${paths.uiLibrary()}#ada-posts` },
        ],
      },
      { label: 'Creators circle', href: `${paths.uiLibrary()}#circle`, icon: Users },
      { label: 'Favourites', href: `${paths.uiLibrary()}#favourites`, icon: Star },
    ],
  },
];

/** The sidebar in its two widths, the sign-in modal and the keyboard shortcuts of the shell. */
export function NavigationSection() {
  const { openSignIn } = useSignInModal();
  const [folded, setFolded] = useState<string[]>([]);
  const [lastAction, setLastAction] = useState('');
  const sidebarProps = {
    sections: SAMPLE_SECTIONS,
    user: { name: 'Ada Lovelace', email: 'ada@example.com', userId: 'ada' },
    isSectionCollapsed: (id: string) => folded.includes(id),
    onToggleSection: (id: string) =>
      setFolded((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id])),
    onSettings: () => setLastAction('Settings pressed'),
    onLogout: () => setLastAction('Log out pressed'),
  };
  return (
    <DemoSection
      id="navigation"
      title="Navigation"
      description="The page's own sidebar folds with Ctrl+B (Cmd+B on a Mac) and becomes a sheet on phones. Below: the same sidebar with sections, a badge, a disabled item, nested items and the profile block, expanded and collapsed."
    >
      <div className="flex flex-wrap gap-4">
        <div className="h-[30rem] w-64 overflow-hidden rounded-lg border bg-background">
          <SidebarNav {...sidebarProps} label="Sample sidebar" />
        </div>
        <div className="h-[30rem] w-16 overflow-hidden rounded-lg border bg-background">
          <SidebarNav {...sidebarProps} label="Sample collapsed sidebar" isCollapsed />
        </div>
        <div className="flex min-w-56 flex-1 flex-col gap-3 text-sm">
          <p className="text-muted-foreground">
            Any page can open the one sign-in modal; it is not mounted on <code>/</code> and <code>/login</code>, which
            show their own sign-in.
          </p>
          <div>
            <Button variant="outline" onClick={openSignIn}>
              <Settings2 aria-hidden />
              Open sign-in modal
            </Button>
          </div>
          <p role="status" className="text-muted-foreground">
            {lastAction}
          </p>
        </div>
      </div>
    </DemoSection>
  );
}
