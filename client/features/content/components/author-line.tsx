import { Link } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { displayName, formatAge } from '#client/lib/format.ts';
import { paths } from '#client/lib/paths.ts';
import type { GroupPerson } from '#shared/schemas/groups.ts';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

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
      <Link to={paths.profile(author.username)} className="truncate font-medium hover:underline">
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
