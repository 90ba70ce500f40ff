import { ChevronDown, LogOut, Settings } from 'lucide-react';
import { useId, type ComponentType } from 'react';
import { Link, useLocation } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';

/** A link in the sidebar: label, href, active, disabled, icon, badge, children. */
export type NavItem = {
  label: string;
  href: string;
  /** Defaults to whether the current path is `href`. */
  active?: boolean;
  disabled?: boolean;
  icon?: ComponentType<{ className?: string }>;
  badge?: string | number;
  /** A picture instead of the icon (a group's image; initials without one). */
  image?: { src: string | null; name: string; id: string };
  /** A small dot after the label, such as new activity; `dotLabel` is added to the link's name ('(new activity)'). */
  hasDot?: boolean;
  dotLabel?: string;
  children?: NavItem[];
};

/** A group of links with a title, which may fold away. */
export type SidebarSection = { id: string; title: string; collapsible?: boolean; items: NavItem[] };

/** The signed-in person shown at the foot of the sidebar. */
export type SidebarUser = { name: string; email: string; avatar?: string | null; userId?: string };

export type SidebarNavProps = {
  sections: SidebarSection[];
  user?: SidebarUser | null;
  /** Icons only, for the collapsed column. */
  isCollapsed?: boolean;
  isSectionCollapsed?: (id: string) => boolean;
  onToggleSection?: (id: string) => void;
  /** The profile block's Settings button; without it the button is not shown. */
  onSettings?: () => void;
  onLogout?: () => void;
  /** Called after a link is followed (closes the phone sheet). */
  onNavigate?: () => void;
  /** Names the navigation landmark. */
  label?: string;
  className?: string;
};

function ItemLink({
  item,
  isCollapsed,
  depth,
  onNavigate,
}: {
  item: NavItem;
  isCollapsed: boolean;
  depth: number;
  onNavigate: (() => void) | undefined;
}) {
  const { pathname } = useLocation();
  const isActive = item.active ?? pathname === item.href;
  const Icon = item.icon;
  const classes = cn(
    'group flex min-h-9 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
    depth > 0 && 'min-h-8 py-1.5 pl-9 text-[13px] font-normal',
    isCollapsed && 'justify-center px-0',
    isActive ? 'bg-primary/10 text-link' : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
    item.disabled && 'pointer-events-none opacity-50',
  );
  const hasBadge = item.badge !== undefined && item.badge !== '';
  // The dot's meaning joins the link's name in one string, so every browser reads it the same.
  // The name begins with what the link shows (its label, then the count), so a person who says
  // what they see ("click Climate, Plainly 3") reaches it (WCAG 2.5.3, Label in Name).
  const accessibleName =
    item.hasDot || hasBadge
      ? [item.label, hasBadge ? `${String(item.badge)} new` : null, item.hasDot ? (item.dotLabel ?? '(new)') : null]
          .filter(Boolean)
          .join(' ')
      : undefined;
  const content = (
    <>
      {item.image ? (
        <Avatar
          src={item.image.src}
          name={item.image.name}
          userId={item.image.id}
          alt=""
          shape="rounded"
          size="xs"
          className="-my-1"
        />
      ) : Icon ? (
        <Icon className="size-4 shrink-0" />
      ) : null}
      <span className={cn('min-w-0 flex-1 truncate', isCollapsed && 'sr-only')}>{item.label}</span>
      {item.hasDot ? (
        <span
          data-slot="nav-dot"
          aria-hidden="true"
          className={cn('size-2 shrink-0 rounded-full bg-primary', isCollapsed && 'absolute top-1 right-2')}
        />
      ) : null}
      {hasBadge ? (
        // The space keeps the count a word of its own in the link's text ('Climate, Plainly 3').
        <>
          {' '}
          <span
            className={cn(
              'rounded-full bg-primary px-1.5 py-0.5 text-[11px] leading-none font-semibold text-primary-foreground tabular-nums',
              isCollapsed && 'absolute top-0.5 right-1.5',
            )}
          >
            {item.badge}
          </span>
        </>
      ) : null}
    </>
  );
  if (item.disabled) {
    return (
      <span
        className={classes}
        aria-disabled="true"
        aria-label={accessibleName}
        title={isCollapsed ? item.label : undefined}
      >
        {content}
      </span>
    );
  }
  return (
    <Link
      to={item.href}
      className={cn(classes, isCollapsed && 'relative')}
      aria-current={isActive ? 'page' : undefined}
      aria-label={accessibleName}
      title={isCollapsed ? item.label : undefined}
      onClick={onNavigate}
    >
      {content}
    </Link>
  );
}

function ItemList({
  items,
  isCollapsed,
  depth,
  onNavigate,
}: {
  items: NavItem[];
  isCollapsed: boolean;
  depth: number;
  onNavigate: (() => void) | undefined;
}) {
  return (
    <ul className="flex flex-col gap-0.5">
      {items.map((item) => (
        <li key={`${item.href}:${item.label}`}>
          <ItemLink item={item} isCollapsed={isCollapsed} depth={depth} onNavigate={onNavigate} />
          {item.children && item.children.length > 0 && !isCollapsed ? (
            <ItemList items={item.children} isCollapsed={isCollapsed} depth={depth + 1} onNavigate={onNavigate} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Section({
  section,
  isCollapsed,
  isFolded,
  onToggle,
  onNavigate,
}: {
  section: SidebarSection;
  isCollapsed: boolean;
  isFolded: boolean;
  onToggle: (() => void) | undefined;
  onNavigate: (() => void) | undefined;
}) {
  const listId = useId();
  const showItems = isCollapsed || !isFolded;
  return (
    <div className="flex flex-col gap-1">
      {isCollapsed ? (
        <h2 className="sr-only">{section.title}</h2>
      ) : section.collapsible && onToggle ? (
        <h2>
          <button
            type="button"
            className="flex w-full items-center justify-between rounded-md px-3 py-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase hover:text-foreground"
            aria-expanded={!isFolded}
            aria-controls={listId}
            onClick={onToggle}
          >
            {section.title}
            <ChevronDown className={cn('size-3.5 transition-transform', isFolded && '-rotate-90')} aria-hidden />
          </button>
        </h2>
      ) : (
        <h2 className="px-3 py-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {section.title}
        </h2>
      )}
      <div id={listId} hidden={!showItems}>
        {showItems ? (
          <ItemList items={section.items} isCollapsed={isCollapsed} depth={0} onNavigate={onNavigate} />
        ) : null}
      </div>
    </div>
  );
}

/** The sidebar's content: sections of links and the profile block with Settings and Log out. */
export function SidebarNav({
  sections,
  user,
  isCollapsed = false,
  isSectionCollapsed = () => false,
  onToggleSection,
  onSettings,
  onLogout,
  onNavigate,
  label = 'Main',
  className,
}: SidebarNavProps) {
  return (
    <div className={cn('flex h-full flex-col', className)}>
      <nav aria-label={label} className={cn('flex flex-1 flex-col gap-5 overflow-y-auto p-3', isCollapsed && 'px-2')}>
        {sections.map((section) => (
          <Section
            key={section.id}
            section={section}
            isCollapsed={isCollapsed}
            isFolded={isSectionCollapsed(section.id)}
            onToggle={section.collapsible && onToggleSection ? () => onToggleSection(section.id) : undefined}
            onNavigate={onNavigate}
          />
        ))}
      </nav>
      {user ? (
        <div className={cn('border-t p-3', isCollapsed && 'px-2')}>
          <div className={cn('flex items-center gap-3', isCollapsed && 'flex-col')}>
            <Avatar src={user.avatar ?? undefined} name={user.name} userId={user.userId ?? user.email} size="sm" />
            <div className={cn('min-w-0 flex-1', isCollapsed && 'sr-only')}>
              <p className="truncate text-sm font-medium">{user.name}</p>
              <p className="truncate text-xs text-muted-foreground">{user.email}</p>
            </div>
          </div>
          <div className={cn('mt-3 flex gap-2', isCollapsed && 'flex-col items-center')}>
            {/* Shown only with somewhere to go: a button that does nothing is worse than none. */}
            {onSettings ? (
              <Button
                variant="ghost"
                size={isCollapsed ? 'icon' : 'sm'}
                className={cn(!isCollapsed && 'flex-1 justify-start')}
                onClick={onSettings}
                aria-label={isCollapsed ? 'Settings' : undefined}
              >
                <Settings aria-hidden />
                {isCollapsed ? null : 'Settings'}
              </Button>
            ) : null}
            <Button
              variant="ghost"
              size={isCollapsed ? 'icon' : 'sm'}
              className={cn(!isCollapsed && 'flex-1 justify-start')}
              onClick={onLogout}
              aria-label={isCollapsed ? 'Log out' : undefined}
            >
              <LogOut aria-hidden />
              {isCollapsed ? null : 'Log out'}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
