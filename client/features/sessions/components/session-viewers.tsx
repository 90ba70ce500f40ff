import { Eye } from 'lucide-react';

import { Avatar, AvatarGroup } from '#client/components/ui/avatar.tsx';

import { useViewers } from '../api/presence.ts';

/** How many watch the session, and the faces of the signed-in ones with their online/away dot. */
export function SessionViewers({ sessionId }: { sessionId: string }) {
  const { data } = useViewers(sessionId);
  const count = data?.count ?? 0;
  const people = data?.people ?? [];
  return (
    <section aria-label="Who is watching" className="flex flex-wrap items-center gap-3">
      <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground" aria-live="polite">
        <Eye aria-hidden className="size-4" />
        {count === 1 ? '1 watching' : `${count} watching`}
      </p>
      {people.length > 0 ? (
        <AvatarGroup max={8} size="sm" aria-label="Viewers">
          {people.map((person) => (
            <Avatar
              key={person.id}
              src={person.profileImageURL || null}
              name={person.name.trim() || `@${person.username}`}
              userId={person.id}
              status={person.status}
            />
          ))}
        </AvatarGroup>
      ) : null}
    </section>
  );
}
