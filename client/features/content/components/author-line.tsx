import { Link } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { displayName, formatAge } from '#client/lib/format.ts';
import { paths } from '#client/lib/paths.ts';
import type { GroupPerson } from '#shared/schemas/groups.ts';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Who wrote an item and when: avatar, name linking to their profile, age (and 'edited'). An
 * anonymous question's author (ANONYMOUS_AUTHOR: no id, no handle) reads "Anonymous", with a
 * plain avatar and no link to anyone.
 */
export function AuthorLine({
  author,
  createdAt,
  editedAt,
  editedByHost = false,
  size = 'sm',
  href,
}: {
  author: GroupPerson;
  createdAt: string;
  editedAt?: string | null;
  /** A question whose text its group's host changed: 'edited by the host' (the ledger says so too). */
  editedByHost?: boolean;
  size?: 'xs' | 'sm';
  /** The item's own page: the age links there, so it can be shared. */
  href?: string | undefined;
}) {
  const isAnonymous = author.id === '';
  const name = isAnonymous ? author.name || 'Anonymous' : displayName(author);
  const age = (
    <time dateTime={createdAt} title={dateFormat.format(new Date(createdAt))} className="text-muted-foreground">
      {formatAge(createdAt)}
    </time>
  );
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <Avatar
        src={isAnonymous ? null : author.profileImageURL || null}
        name={name}
        userId={isAnonymous ? null : author.id}
        alt=""
        size={size}
      />
      {isAnonymous ? (
        <span className="truncate font-medium text-muted-foreground">{name}</span>
      ) : (
        <Link to={paths.profile(author.username)} className="truncate font-medium hover:underline">
          {name}
        </Link>
      )}
      {href ? (
        <Link to={href} className="shrink-0 hover:underline">
          {age}
        </Link>
      ) : (
        age
      )}
      {editedAt ? (
        <span className="text-xs text-muted-foreground">{editedByHost ? '(edited by the host)' : '(edited)'}</span>
      ) : null}
    </div>
  );
}
