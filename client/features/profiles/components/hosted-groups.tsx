import { Radio, UsersRound } from 'lucide-react';
import { Link } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { EmptyState } from '#client/components/ui/skeleton.tsx';
import { paths } from '#client/lib/paths.ts';
import type { ProfilePageResponse } from '#shared/schemas/profiles.ts';

/** The groups a person hosts, each linking to its page, or 'No groups yet'. */
export function HostedGroups({ groups, isSelf }: { groups: ProfilePageResponse['hostedGroups']; isSelf: boolean }) {
  if (groups.length === 0) {
    return (
      <EmptyState
        icon={<UsersRound />}
        title="No groups yet"
        description={isSelf ? 'Groups you host will show here.' : 'Groups this person hosts will show here.'}
      />
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {groups.map((group) => (
        <li
          key={group.id}
          className="relative flex items-center gap-3 rounded-lg border bg-card p-3 text-card-foreground transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-accent/50"
        >
          <Avatar src={group.groupImage || null} name={group.name} userId={group.id} alt="" shape="rounded" />
          {/* The link's box covers the whole card, so the card is one click target and one tab stop. */}
          <Link
            to={paths.group(group.slug)}
            className="min-w-0 flex-1 truncate font-medium outline-none after:absolute after:inset-0 after:content-['']"
          >
            {group.name}
          </Link>
          {group.ama ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-accent-foreground">
              <Radio aria-hidden className="size-3" />
              Live Q&amp;A
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
