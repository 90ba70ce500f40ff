import type { ReactNode } from 'react';

import { Avatar } from '#client/components/ui/avatar.tsx';
import type { Creator } from '#shared/schemas/discovery.ts';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** '12 followers · 2 groups'. */
export function creatorCounts(creator: Pick<Creator, 'followers' | 'groupCount'>): string {
  return `${plural(creator.followers, 'follower', 'followers')} · ${plural(creator.groupCount, 'group', 'groups')}`;
}

/** A creator's avatar, name (the given link), @username and counts; `action` sits at the end (Follow). */
export function CreatorSummary({
  creator,
  nameLink,
  action,
}: {
  creator: Creator;
  nameLink: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex items-center gap-3">
      <Avatar
        src={creator.profileImageURL || null}
        name={creator.name || creator.username}
        userId={creator.id}
        alt=""
      />
      <div className="grid min-w-0 flex-1">
        {nameLink}
        <span className="truncate text-sm text-muted-foreground">@{creator.username}</span>
        <span className="truncate text-sm text-muted-foreground">{creatorCounts(creator)}</span>
      </div>
      {action}
    </div>
  );
}
