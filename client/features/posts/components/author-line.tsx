import { Link } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';
import type { GroupPerson } from '#shared/schemas/groups.ts';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '3 minutes ago', 'yesterday', 'just now'. */
export function formatAge(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** The name to show for a person: their name, or their @handle when they have none. */
export function displayName(person: { name: string; username: string }): string {
  return person.name.trim() || `@${person.username}`;
}

/** Who wrote an item and when: avatar, name linking to their profile, age (and 'edited'). */
export function AuthorLine({
  author,
  createdAt,
  editedAt,
  size = 'sm',
  href,
}: {
  author: GroupPerson;
  createdAt: string;
  editedAt?: string | null;
  size?: 'xs' | 'sm';
  /** The item's own page: the age links there, so it can be shared. */
  href?: string | undefined;
}) {
  const name = displayName(author);
  const age = (
    <time dateTime={createdAt} title={dateFormat.format(new Date(createdAt))} className="text-muted-foreground">
      {formatAge(createdAt)}
    </time>
  );
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <Avatar src={author.profileImageURL || null} name={name} userId={author.id} alt="" size={size} />
      <Link to={`/${author.username}`} className="truncate font-medium hover:underline">
        {name}
      </Link>
      {href ? (
        <Link to={href} className="shrink-0 hover:underline">
          {age}
        </Link>
      ) : (
        age
      )}
      {editedAt ? <span className="text-xs text-muted-foreground">(edited)</span> : null}
    </div>
  );
}
