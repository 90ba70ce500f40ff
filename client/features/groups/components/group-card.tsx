import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { formatSubscribers, personName } from '#client/features/groups/utils/format.ts';
import { paths } from '#client/lib/paths.ts';
import type { GroupSummary } from '#shared/schemas/groups.ts';

import { AmaBadge } from './group-header.tsx';
import type { RenderPersonLink } from './members-panel.tsx';

/** A group in a list: picture, name (the link to its page), host, subscriber count, AMA badge. */
export function GroupCard({ group, renderPersonLink }: { group: GroupSummary; renderPersonLink: RenderPersonLink }) {
  const host: ReactNode = renderPersonLink({ username: group.host.username, name: personName(group.host) });
  return (
    <article className="flex h-full items-start gap-3 rounded-lg border bg-card p-4 text-card-foreground">
      <Avatar src={group.groupImage || null} name={group.name} userId={group.id} alt="" shape="rounded" size="lg" />
      <div className="grid min-w-0 flex-1 gap-1">
        <h3 className="truncate font-semibold">
          <Link
            to={paths.group(group.slug)}
            className="rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {group.name}
          </Link>
        </h3>
        <p className="truncate text-sm text-muted-foreground">by {host}</p>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span>{formatSubscribers(group.subscriberCount)}</span>
          {group.ama ? <AmaBadge /> : null}
        </div>
      </div>
    </article>
  );
}
