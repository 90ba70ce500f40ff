import { CalendarPlus, CalendarX2 } from 'lucide-react';
import { useNavigate } from 'react-router';

import { LazyAlert } from '#client/components/ui/lazy-alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { paths } from '#client/lib/paths.ts';

import { useGroupSessions } from '../api/get-group-sessions.ts';
import { useScheduleSession } from '../api/manage-session.ts';
import { useGroupSessionsLiveUpdates } from '../hooks/use-session-live-updates.ts';
import { SessionCard } from './session-card.tsx';
import { SessionFormDialog } from './session-form-dialog.tsx';

/** The host's 'Schedule a session' button and dialog; opens the new session's page. */
export function ScheduleSessionButton({ groupId }: { groupId: string }) {
  const schedule = useScheduleSession(groupId);
  const navigate = useNavigate();
  return (
    <SessionFormDialog
      trigger={
        <Button>
          <CalendarPlus aria-hidden />
          Schedule a session
        </Button>
      }
      title="Schedule a session"
      description="Subscribers are told at once, and can ask their questions before it starts."
      submitLabel="Schedule"
      onSubmit={async (input) => {
        const session = await schedule.mutateAsync(input);
        toast.success('Session scheduled', { description: session.title });
        await navigate(paths.session(session.id));
      }}
    />
  );
}

/** The Events tab of an ama group: its sessions, and for the host the button to schedule one. */
export function GroupSessionsPanel({ groupId, isHost }: { groupId: string; isHost: boolean }) {
  const query = useGroupSessions(groupId);
  useGroupSessionsLiveUpdates(groupId);
  const sessions = query.data?.sessions ?? [];
  return (
    <div className="grid gap-4">
      {/* The cards' titles are h3: the tab's panel names the level between them and the page's h1. */}
      <h2 className="sr-only">Sessions</h2>
      {isHost ? (
        <div className="flex justify-end">
          <ScheduleSessionButton groupId={groupId} />
        </div>
      ) : null}
      {query.isPending ? <ListSkeleton label="Loading sessions" /> : null}
      {query.isError ? (
        <LazyAlert variant="error" title="Sessions could not be loaded" description={query.error.message} />
      ) : null}
      {query.isSuccess && sessions.length === 0 ? (
        <EmptyState
          icon={<CalendarX2 />}
          title="No sessions yet."
          description={isHost ? 'Schedule a live AMA for your subscribers.' : 'Live AMA sessions will show here.'}
        />
      ) : null}
      {sessions.length > 0 ? (
        <ul className="grid gap-3" aria-label="Sessions">
          {sessions.map((session) => (
            <li key={session.id}>
              <SessionCard session={session} isGroupShown={false} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
