import { Radio, UsersRound } from 'lucide-react';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { EmptyState } from '#client/components/ui/skeleton.tsx';
import type { ProfilePageResponse } from '#shared/schemas/profiles.ts';

/** The groups a person hosts, or 'No groups yet'. Group pages arrive with the groups feature; until then no links. */
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
        <li key={group.id} className="flex items-center gap-3 rounded-lg border bg-card p-3 text-card-foreground">
          <Avatar src={group.groupImage || null} name={group.name} userId={group.id} alt="" shape="rounded" />
          <span className="min-w-0 flex-1 truncate font-medium">{group.name}</span>
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
