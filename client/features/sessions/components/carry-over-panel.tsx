import { ArrowRightLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadingRegion, Skeleton } from '#client/components/ui/skeleton.tsx';
import { TextInput } from '#client/components/ui/text-input.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { paths } from '#client/lib/paths.ts';
import { CARRY_TOP_MAX } from '#shared/constants/carry-over.ts';
import type { AmaSession } from '#shared/schemas/sessions.ts';

import { useCarryPreview, useCarryQuestions, type CarryTarget } from '../api/carry-over.ts';
import { formatSessionTime } from '../utils/session-format.ts';

const questionsText = (count: number) => `${String(count)} ${count === 1 ? 'question' : 'questions'}`;

/** Where carried questions go, in words: the next session's title in quotes, or the answer-later list. */
export const carryDestination = (target: CarryTarget) => (target ? `“${target.title}”` : 'the answer-later list');

/**
 * The host's carry-over of an ended session: its open questions (not answered, hidden, pending
 * or merged) go, with their votes, to the group's next session or, when none is scheduled, to
 * the answer-later list — all of them, or the top N by votes. Nothing shows once none is open.
 * `onDone` is called when no open question is left (the panel goes: focus moves on).
 */
export function CarryOverPanel({
  session,
  onDone,
}: {
  session: Pick<AmaSession, 'id' | 'groupId'>;
  onDone: () => void;
}) {
  const preview = useCarryPreview(session.id);
  const carry = useCarryQuestions(session);
  const navigate = useNavigate();
  // null: the suggested number, until the host types their own
  const [top, setTop] = useState<string | null>(null);
  const [topError, setTopError] = useState<string | undefined>();

  if (preview.isError) {
    return (
      <LoadError
        title="The open questions could not be checked"
        error={preview.error}
        onRetry={() => void preview.refetch()}
      />
    );
  }
  if (!preview.data) {
    return (
      <LoadingRegion label="Checking the open questions">
        <Skeleton className="h-28 w-full" />
      </LoadingRegion>
    );
  }
  const { open, toSession } = preview.data;
  if (open === 0) return null;
  const most = Math.min(open, CARRY_TOP_MAX);
  const topText = top ?? String(Math.min(3, open - 1));
  const topValue = topText.trim() === '' ? Number.NaN : Number(topText);

  const run = async (count?: number) => {
    try {
      const result = await carry.mutateAsync(count);
      const target = result.toSession;
      if (result.carried === 0) toast.info('No open questions were left to carry over');
      else {
        toast.success(`${questionsText(result.carried)} carried over to ${carryDestination(target)}`, {
          ...(target
            ? { action: { label: 'Open', onClick: () => void navigate(paths.session(target.id)) } }
            : { description: 'Answer them from the group’s answer-later list.' }),
        });
      }
      setTop(null);
      if (result.carried >= open) onDone();
    } catch (error) {
      toast.error('Could not carry the questions over', { description: (error as Error).message });
    }
  };

  const submitTop = (event: FormEvent) => {
    event.preventDefault();
    if (!Number.isInteger(topValue) || topValue < 1 || topValue > most) {
      setTopError(`Enter a whole number from 1 to ${String(most)}`);
      return;
    }
    setTopError(undefined);
    void run(topValue);
  };

  return (
    <section
      aria-labelledby="carry-over-title"
      className="grid gap-3 rounded-lg border border-border bg-card p-4 text-card-foreground"
    >
      <h2 id="carry-over-title" className="flex items-center gap-2 text-base font-semibold">
        <ArrowRightLeft aria-hidden className="size-4" />
        Carry over
      </h2>
      <p className="text-sm text-muted-foreground">
        {open === 1 ? '1 open question was' : `${String(open)} open questions were`} not answered.{' '}
        {toSession ? (
          <>
            The next session is <strong className="text-foreground">“{toSession.title}”</strong> (
            <time dateTime={toSession.startsAt}>{formatSessionTime(toSession.startsAt)}</time>): carried questions go
            there with their votes.
          </>
        ) : (
          <>No other session is scheduled: carried questions go to the group’s answer-later list, votes and all.</>
        )}{' '}
        Askers and voters are told where they went.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <Button
          onClick={() => void run()}
          isLoading={carry.isPending && carry.variables === undefined}
          disabled={carry.isPending}
        >
          {open === 1 ? 'Carry the open question' : `Carry all ${String(open)} open questions`}
        </Button>
        {open > 1 ? (
          <form onSubmit={submitTop} noValidate className="flex flex-wrap items-end gap-2">
            <TextInput
              label="How many, the most voted first"
              type="number"
              inputMode="numeric"
              min={1}
              max={most}
              step={1}
              value={topText}
              onChange={(event) => setTop(event.target.value)}
              error={topError}
              wrapperClassName="w-40"
            />
            <Button
              type="submit"
              variant="outline"
              isLoading={carry.isPending && carry.variables !== undefined}
              disabled={carry.isPending}
            >
              {`Carry the top ${Number.isInteger(topValue) && topValue > 0 ? String(topValue) : 'N'} questions`}
            </Button>
          </form>
        ) : null}
      </div>
    </section>
  );
}
