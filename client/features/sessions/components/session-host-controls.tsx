import { Download, Pencil, Play, Square, Trash2 } from 'lucide-react';

import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { toast } from '#client/components/ui/toast.ts';
import type { AmaSession } from '#shared/schemas/sessions.ts';

import { useChangeSessionState, useDeleteSession, useUpdateSession } from '../api/manage-session.ts';
import { transcriptUrl } from '../utils/session-format.ts';
import { SessionFormDialog } from './session-form-dialog.tsx';

/**
 * The host's controls of a session: Start session, End session (confirmed), Edit and Delete
 * (confirmed) while it has not ended, and the transcript downloads.
 */
export function SessionHostControls({ session, onDeleted }: { session: AmaSession; onDeleted: () => void }) {
  const change = useChangeSessionState(session.id);
  const update = useUpdateSession(session.id);
  const remove = useDeleteSession(session);

  const run = async (action: 'start' | 'end') => {
    try {
      await change.mutateAsync(action);
      toast.success(action === 'start' ? 'The session is live' : 'The session has ended');
    } catch (error) {
      toast.error(action === 'start' ? 'Could not start the session' : 'Could not end the session', {
        description: (error as Error).message,
      });
      throw error;
    }
  };

  return (
    <section aria-label="Host controls" className="flex flex-wrap items-center gap-2">
      {session.status === 'scheduled' ? (
        <ConfirmDialog
          variant="info"
          title="Start the session now?"
          description="Subscribers get a reminder that it is starting."
          confirmText="Start session"
          onConfirm={() => run('start')}
          trigger={
            <Button>
              <Play aria-hidden />
              Start session
            </Button>
          }
        />
      ) : null}
      {session.status === 'live' ? (
        <ConfirmDialog
          variant="warning"
          title="End the session?"
          description="It cannot be started again. The questions stay, and the transcript can be downloaded."
          confirmText="End session"
          onConfirm={() => run('end')}
          trigger={
            <Button variant="destructive">
              <Square aria-hidden />
              End session
            </Button>
          }
        />
      ) : null}
      {session.status !== 'ended' ? (
        <SessionFormDialog
          trigger={
            <Button variant="outline">
              <Pencil aria-hidden />
              Edit
            </Button>
          }
          title="Edit session"
          description="Changes show at once to everyone watching."
          submitLabel="Save"
          session={session}
          onSubmit={(input) => update.mutateAsync(input)}
        />
      ) : null}
      <Button asChild variant="outline">
        <a href={transcriptUrl(session.id, 'md')} download>
          <Download aria-hidden />
          Transcript (Markdown)
        </a>
      </Button>
      <Button asChild variant="outline">
        <a href={transcriptUrl(session.id, 'json')} download>
          <Download aria-hidden />
          Transcript (JSON)
        </a>
      </Button>
      <ConfirmDialog
        title="Delete this session?"
        description="The session goes; its questions stay in the group's queue."
        confirmText="Delete session"
        onConfirm={async () => {
          try {
            await remove.mutateAsync();
          } catch (error) {
            toast.error('Could not delete the session', { description: (error as Error).message });
            throw error;
          }
          toast.success('Session deleted');
          onDeleted();
        }}
        trigger={
          <Button variant="ghost">
            <Trash2 aria-hidden />
            Delete
          </Button>
        }
      />
    </section>
  );
}
