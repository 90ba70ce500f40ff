import { CalendarClock, MessageCircleQuestion } from 'lucide-react';
import { Link } from 'react-router';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { paths } from '#client/lib/paths.ts';
import type { AmaSession } from '#shared/schemas/sessions.ts';

import { sessionWhen } from '../utils/session-format.ts';
import { SessionStatusBadge } from './session-status-badge.tsx';

/** A session in a list: group, title (the link to its page), time in the viewer's locale, status. */
export function SessionCard({ session, isGroupShown = true }: { session: AmaSession; isGroupShown?: boolean }) {
  return (
    <article className="flex h-full items-start gap-3 rounded-lg border bg-card p-4 text-card-foreground">
      {isGroupShown ? (
        <Avatar
          src={session.group.groupImage || null}
          name={session.group.name}
          userId={session.group.id}
          alt=""
          shape="rounded"
          size="lg"
        />
      ) : null}
      <div className="grid min-w-0 flex-1 grid-cols-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 truncate font-semibold">
            <Link
              to={paths.session(session.id)}
              className="rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {session.title}
            </Link>
          </h3>
          <SessionStatusBadge status={session.status} />
        </div>
        {isGroupShown ? <p className="truncate text-sm text-muted-foreground">{session.group.name}</p> : null}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <CalendarClock aria-hidden className="size-4" />
            <time dateTime={session.startsAt}>{sessionWhen(session)}</time>
          </span>
          <span className="inline-flex items-center gap-1">
            <MessageCircleQuestion aria-hidden className="size-4" />
            {session.questionCount === 1 ? '1 question' : `${session.questionCount} questions`}
          </span>
        </p>
      </div>
    </article>
  );
}
