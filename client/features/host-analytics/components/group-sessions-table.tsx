import { Link } from 'react-router';

import { EmptyState } from '#client/components/ui/skeleton.tsx';
import { paths } from '#client/lib/paths.ts';
import type { SessionAnalyticsRow } from '#shared/schemas/host-analytics.ts';

import { formatCount, formatDateTime } from '../utils/format-figures.ts';

const cell = 'px-3 py-2 text-right tabular-nums';
const headCell = 'px-3 py-2 text-right font-medium';

/**
 * The group's sessions, newest first: asked (with a bar against the busiest one, answered its
 * darker part), answered and peak viewers; each session's title opens its own analytics. A
 * table, so every number is read as text; on a phone it scrolls sideways in its box.
 */
export function GroupSessionsTable({ sessions }: { sessions: SessionAnalyticsRow[] }) {
  const most = Math.max(1, ...sessions.map((session) => session.asked));
  return (
    <section aria-labelledby="group-sessions" className="grid gap-3">
      <h2 id="group-sessions" className="text-lg font-semibold">
        Sessions
      </h2>
      {sessions.length === 0 ? (
        <EmptyState title="This group has no sessions yet" />
      ) : (
        <div
          role="region"
          aria-label="Sessions, newest first"
          tabIndex={0}
          className="overflow-x-auto rounded-md border border-border"
        >
          <table className="w-full min-w-[36rem] text-sm">
            <thead>
              <tr className="border-b border-border bg-muted/50">
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  Session
                </th>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  Questions
                </th>
                <th scope="col" className={headCell}>
                  Asked
                </th>
                <th scope="col" className={headCell}>
                  Answered
                </th>
                <th scope="col" className={headCell}>
                  Peak viewers
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => (
                <tr key={session.id} className="border-b border-border last:border-0">
                  <th scope="row" className="px-3 py-2 text-left font-normal">
                    <Link
                      to={paths.sessionAnalytics(session.id)}
                      className="font-medium break-words underline-offset-4 hover:underline"
                    >
                      {session.title}
                    </Link>
                    <span className="block text-xs text-muted-foreground">
                      {formatDateTime(session.startsAt)}
                      {session.status === 'live' ? ' · live' : session.status === 'scheduled' ? ' · scheduled' : ''}
                    </span>
                  </th>
                  <td className="w-1/4 px-3 py-2" aria-hidden="true">
                    <div
                      className="flex h-3 overflow-hidden rounded-sm bg-muted"
                      style={{ width: `${String((session.asked / most) * 100)}%` }}
                    >
                      <div
                        className="bg-primary"
                        style={{ width: `${String(session.asked ? (session.answered / session.asked) * 100 : 0)}%` }}
                      />
                      <div className="flex-1 bg-primary/35" />
                    </div>
                  </td>
                  <td className={cell}>{formatCount(session.asked)}</td>
                  <td className={cell}>{formatCount(session.answered)}</td>
                  <td className={cell}>{session.peakViewers === null ? '–' : formatCount(session.peakViewers)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
