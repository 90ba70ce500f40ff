import { Keyboard, MessageCircleQuestion, ScrollText } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';

import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { useClearAnswerLater } from '#client/features/questions/api/clear-answer-later.ts';
import { useQuestions } from '#client/features/questions/api/get-questions.ts';
import type { QuestionSort, QuestionView } from '#client/features/questions/api/query-keys.ts';
import { useModerationKeys } from '#client/features/questions/hooks/use-moderation-keys.ts';
import { lazyComponent } from '#client/lib/lazy-component.ts';
import { paths } from '#client/lib/paths.ts';

import { AskBox } from './ask-box.tsx';
import { QuestionCard } from './question-card.tsx';

// the host's key list, fetched on the first `?`
const LazyKeysDialog = lazyComponent(async () => (await import('./moderation-keys-dialog.tsx')).ModerationKeysDialog);

const VIEW_LABELS: Record<QuestionView, string> = {
  open: 'Open',
  answered: 'Answered',
  later: 'Answer later',
  pending: 'Pending',
  hidden: 'Hidden',
};

const EMPTY_TITLES: Record<QuestionView, string> = {
  open: 'No questions yet.',
  answered: 'No answered questions yet.',
  later: 'Nothing waits to be answered later.',
  pending: 'No questions wait for approval.',
  hidden: 'No hidden questions.',
};

const SORT_OPTIONS: { value: QuestionSort; label: string }[] = [
  { value: 'top', label: 'Top' },
  { value: 'fresh', label: 'Fresh' },
  { value: 'new', label: 'New' },
];

/** A row of toggle buttons (one pressed). */
function Toggle<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-md border p-0.5">
      {options.map((option) => (
        <Button
          key={option.value}
          variant={option.value === value ? 'secondary' : 'ghost'}
          size="sm"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </div>
  );
}

/**
 * The Questions tab of an ama group: ask (with similar questions), sort Top, Fresh (votes
 * weighed by age; the first order when the group chose it) or New, views Open, Answered and,
 * on the group's page, Answer later (and Pending and Hidden for the host, who may clear the
 * answer-later list), the pinned question on top, and a link to the public moderation ledger.
 * The host moderates from the keyboard too (useModerationKeys; `?` lists the keys).
 */
export function QuestionsPanel({
  groupId,
  isHost,
  canAsk,
  questionsNeedApproval,
  sessionId,
  freshOrder = false,
}: {
  groupId: string;
  isHost: boolean;
  canAsk: boolean;
  questionsNeedApproval: boolean;
  /** Shows and asks only the questions of this AMA session. */
  sessionId?: string;
  /** The group's queue is in the fresh order by default (GroupSummary.freshOrder). */
  freshOrder?: boolean;
}) {
  const { slug } = useParams();
  const [sort, setSort] = useState<QuestionSort>(freshOrder ? 'fresh' : 'top');
  const [view, setView] = useState<QuestionView>('open');
  const [isKeysOpen, setIsKeysOpen] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const clearLater = useClearAnswerLater(groupId);
  const isKeysDialogLoaded = LazyKeysDialog.useLoaded(isKeysOpen);
  useModerationKeys({ enabled: isHost, container: list, groupId, onHelp: () => setIsKeysOpen(true) });
  // the answer-later list is the group's, not a session's
  const shared: QuestionView[] = sessionId ? ['open', 'answered'] : ['open', 'answered', 'later'];
  const views: QuestionView[] = isHost ? [...shared, 'pending', 'hidden'] : shared;
  const ledgerHref = sessionId ? paths.sessionLedger(sessionId) : slug ? paths.groupLedger(slug) : null;
  const query = useQuestions(groupId, sort, view, sessionId);
  const pinned = query.data?.pages[0]?.pinned ?? null;
  const questions = (query.data?.pages.flatMap((page) => page.questions) ?? []).filter(
    (question) => question.id !== pinned?.id,
  );

  return (
    <div className="grid gap-4">
      <AskBox
        groupId={groupId}
        canAsk={canAsk}
        questionsNeedApproval={questionsNeedApproval && !isHost}
        {...(sessionId ? { sessionId } : {})}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Toggle
          label="Show"
          value={view}
          onChange={setView}
          options={views.map((item) => ({ value: item, label: VIEW_LABELS[item] }))}
        />
        <Toggle label="Sort by" value={sort} onChange={setSort} options={SORT_OPTIONS} />
      </div>
      {ledgerHref || isHost ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {ledgerHref ? (
            <Link to={ledgerHref} className="inline-flex items-center gap-1 underline-offset-4 hover:underline">
              <ScrollText aria-hidden className="size-4" />
              Moderation ledger
            </Link>
          ) : null}
          {isHost ? (
            <Button variant="ghost" size="sm" onClick={() => setIsKeysOpen(true)}>
              <Keyboard aria-hidden />
              Keyboard shortcuts
            </Button>
          ) : null}
          {view === 'later' && isHost ? (
            <ConfirmDialog
              title="Clear the answer-later list?"
              description="Every question waiting to be answered later leaves the list. The questions stay in the group."
              variant="warning"
              confirmText="Clear list"
              onConfirm={() =>
                clearLater.mutateAsync().then(
                  ({ cleared }) => {
                    toast.success(
                      cleared === 1
                        ? 'Cleared 1 question from the list'
                        : `Cleared ${String(cleared)} questions from the list`,
                    );
                  },
                  (error: Error) => {
                    toast.error('Could not clear the list', { description: error.message });
                    throw error;
                  },
                )
              }
              trigger={
                <Button variant="outline" size="sm" className="ml-auto">
                  Clear list
                </Button>
              }
            />
          ) : null}
        </div>
      ) : null}
      {isKeysDialogLoaded ? <LazyKeysDialog.Component open={isKeysOpen} onOpenChange={setIsKeysOpen} /> : null}
      <div ref={list} className="grid gap-3">
        {pinned ? <QuestionCard question={pinned} isHost={isHost} isPinnedSlot /> : null}
        {query.isPending ? <ListSkeleton label="Loading questions" /> : null}
        {query.isError ? (
          <LoadError title="Questions could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
        ) : null}
        {query.isSuccess && questions.length === 0 && !pinned ? (
          <EmptyState
            icon={<MessageCircleQuestion />}
            title={EMPTY_TITLES[view]}
            description={
              view === 'open'
                ? 'Questions for the host will show here.'
                : view === 'later'
                  ? 'Questions a session did not reach wait here when there is no next session.'
                  : undefined
            }
          />
        ) : null}
        {questions.length > 0 ? (
          <ul className="grid gap-3" aria-label="Questions">
            {questions.map((question) => (
              <li key={question.id}>
                <QuestionCard question={question} isHost={isHost} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <LoadMore
        hasMore={query.hasNextPage}
        isLoading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
      />
    </div>
  );
}
