import { UsersRound } from 'lucide-react';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { usePeople } from '#client/features/profiles/api/get-people.ts';
import type { PeopleKind } from '#client/features/profiles/api/query-keys.ts';
import { formatFollowers } from '#client/features/profiles/utils/person.ts';
import { displayName } from '#client/lib/format.ts';
import type { PersonSummary, PublicProfile } from '#shared/schemas/profiles.ts';

import { FollowButton } from './follow-button.tsx';
import { PersonLink } from './person-hover-card.tsx';

function PersonRow({ person }: { person: PersonSummary }) {
  return (
    <li className="flex items-center gap-3 py-3">
      <Avatar src={person.profileImageURL || null} name={person.name || person.username} userId={person.id} alt="" />
      <div className="grid min-w-0 flex-1">
        <PersonLink username={person.username} className="truncate font-medium">
          {displayName(person)}
        </PersonLink>
        <span className="flex min-w-0 gap-1 text-sm text-muted-foreground">
          <span className="truncate">@{person.username}</span>
          <span aria-hidden="true">·</span>
          <span className="sr-only">, </span>
          <span className="shrink-0">{formatFollowers(person.followers)}</span>
        </span>
        {person.quote ? <p className="truncate text-sm text-muted-foreground">{person.quote}</p> : null}
      </div>
      <FollowButton person={person} isFollowing={person.isFollowing ?? false} className="shrink-0" />
    </li>
  );
}

const EMPTY_TEXTS: Record<PeopleKind, (name: string, isSelf: boolean) => { title: string; description: string }> = {
  followers: (name, isSelf) => ({
    title: 'No followers yet',
    description: isSelf ? 'People who follow you will show here.' : `People who follow ${name} will show here.`,
  }),
  following: (name, isSelf) => ({
    title: 'Not following anyone yet',
    description: isSelf ? 'People you follow will show here.' : `People ${name} follows will show here.`,
  }),
};

/** A person's followers or following, newest first, 20 at a time with 'Load more'. */
export function PeopleList({ profile, kind, isSelf }: { profile: PublicProfile; kind: PeopleKind; isSelf: boolean }) {
  const people = usePeople(profile.id, kind);
  const label = kind === 'followers' ? 'Followers' : 'Following';

  if (people.isPending) return <ListSkeleton label={`Loading ${label.toLowerCase()}`} />;
  // A failed 'Load more' keeps the rows already shown; only a failed first page replaces the list.
  if (!people.data) {
    return (
      <LoadError title={`${label} could not be loaded`} error={people.error} onRetry={() => void people.refetch()} />
    );
  }

  const rows = people.data.pages.flatMap((page) => page.people);
  if (rows.length === 0) {
    const texts = EMPTY_TEXTS[kind](displayName(profile), isSelf);
    return <EmptyState icon={<UsersRound />} title={texts.title} description={texts.description} />;
  }
  return (
    <div className="grid gap-4">
      <ul aria-label={label} className="divide-y">
        {rows.map((person) => (
          <PersonRow key={person.id} person={person} />
        ))}
      </ul>
      <LoadMore
        hasMore={people.hasNextPage}
        isLoading={people.isFetchingNextPage}
        onLoad={() => void people.fetchNextPage()}
        error={people.isFetchNextPageError ? people.error : null}
      />
    </div>
  );
}
