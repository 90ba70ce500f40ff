import { CircleUserRound, LogOut, Settings, ShieldCheck } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { personDisplay } from '#client/features/accounts/utils/person-display.ts';
import { cn } from '#client/lib/cn.ts';
import { paths } from '#client/lib/paths.ts';
import type { SessionUser } from '#shared/schemas/accounts.ts';

/** Props of AccountMenu. */
export type AccountMenuProps = {
  user: SessionUser;
  onLogOut: () => void;
};

/** The signed-in person's avatar in the top bar, opening a menu with their name, @username, Profile, Settings, Administration (admins only) and Log out. */
export function AccountMenu({ user, onLogOut }: AccountMenuProps) {
  const person = personDisplay(user);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'rounded-full')}>
        {/* Named by hidden text rather than aria-label: the initials two-word names show ('AL') would
            otherwise be visible text missing from the name (axe: label-content-name-mismatch). */}
        <span className="sr-only">Account menu</span>
        <Avatar src={person.imageUrl} name={person.name} userId={user.id} alt="" size="sm" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 max-w-[calc(100vw-1rem)] min-w-52 rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          <DropdownMenu.Label className="flex items-center gap-3 px-2 py-2">
            <Avatar src={person.imageUrl} name={person.name} userId={user.id} alt="" size="md" />
            <span className="grid min-w-0">
              <span className="truncate text-sm font-semibold">{person.name}</span>
              <span className="truncate text-xs text-muted-foreground">
                {person.username ? `@${person.username}` : user.email}
              </span>
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" />
          {/* Subscriptions join this menu as their page lands. */}
          <DropdownMenu.Item
            asChild
            className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-accent"
          >
            <Link to={person.username ? paths.profile(person.username) : paths.ownProfile()}>
              <CircleUserRound className="size-4" aria-hidden />
              Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            asChild
            className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-accent"
          >
            <Link to={paths.settings.index()}>
              <Settings className="size-4" aria-hidden />
              Settings
            </Link>
          </DropdownMenu.Item>
          {user.role === 'admin' ? (
            <DropdownMenu.Item
              asChild
              className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-accent"
            >
              <Link to={paths.admin.index()}>
                <ShieldCheck className="size-4" aria-hidden />
                Administration
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item
            onSelect={onLogOut}
            className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-accent"
          >
            <LogOut className="size-4" aria-hidden />
            Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
