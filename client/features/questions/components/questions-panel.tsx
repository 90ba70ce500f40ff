import { MessageCircleQuestion } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { useQuestions } from '#client/features/questions/api/get-questions.ts';
import type { QuestionSort, QuestionView } from '#client/features/questions/api/query-keys.ts';
import { useAnswerArrivals } from '#client/features/questions/hooks/use-answer-arrivals.ts';
import { lazyComponent } from '#client/lib/lazy-component.ts';

import { AskBox, type AskBoxRules } from './ask-box.tsx';
import { loadCardTools, preloadHostCardTools, QuestionCard } from './question-card.tsx';

// the host's keys and Clear list: nobody else loads them (with the cards' other rare tools, the
// host's card actions among them, so the host's cards draw whole)
const LazyHostTools = lazyComponent(async () => {
  const [tools] = await Promise.all([loadCardTools(), preloadHostCardTools()]);
  return tools.HostPanelTools;
});
// the list's foot, for a queue longer than a page: fetched once there is a next page
const LazyLoadMore = lazyComponent(async () => (await import('#client/components/ui/load-more.tsx')).LoadMore);
// an answer that arrives while the viewer watches: its code comes with the first one
const LazyArrivedQuestion = lazyComponent(async () => (await import('./answer-arrival.tsx')).ArrivedQuestion);

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
 * answer-later list), the pinned question on top. (The group's and the session's pages link their
 * moderation ledger above the tabs.)
 * The host moderates from the keyboard too (HostPanelTools, loaded for the host alone).
 * A question answered while a viewer watches the Open list (or the pinned slot) stays where it
 * is with its answer (useAnswerArrivals, ArrivedQuestion) until they change the view or the
 * sort, or press its "Got it"; the host's answered ones leave as they are done.
 */
export function QuestionsPanel({
  groupId,
  isHost,
  canAsk,
  questionsNeedApproval,
  sessionId,
  freshOrder = false,
  rules,
}: {
  groupId: string;
  isHost: boolean;
  canAsk: boolean;
  questionsNeedApproval: boolean;
  /** Shows and asks only the questions of this AMA session. */
  sessionId?: string;
  /** The group's queue is in the fresh order by default (GroupSummary.freshOrder). */
  freshOrder?: boolean;
  /** The group's anonymous-question and cap settings with the viewer's role, for the ask box. */
  rules?: AskBoxRules | undefined;
}) {
  const [sort, setSort] = useState<QuestionSort>(freshOrder ? 'fresh' : 'top');
  const [view, setView] = useState<QuestionView>('open');
  const list = useRef<HTMLDivElement>(null);
  const isHostToolsLoaded = LazyHostTools.useLoaded(isHost);
  // the host's cards wait for their buttons rather than grow them a moment later
  // (or without them, when their code could not be fetched)
  const [isToolsFailed, setIsToolsFailed] = useState(false);
  useEffect(() => {
    if (isHost) LazyHostTools.preload().catch(() => setIsToolsFailed(true));
  }, [isHost]);
  const isListReady = !isHost || isHostToolsLoaded || isToolsFailed;
  // the answer-later list is the group's, not a session's
  const shared: QuestionView[] = sessionId ? ['open', 'answered'] : ['open', 'answered', 'later'];
  const views: QuestionView[] = isHost ? [...shared, 'pending', 'hidden'] : shared;
  const query = useQuestions(groupId, sort, view, sessionId);
  const pinned = query.data?.pages[0]?.pinned ?? null;
  const questions = (query.data?.pages.flatMap((page) => page.questions) ?? []).filter(
    (question) => question.id !== pinned?.id,
  );
  const { placed, arrivals, dismiss, clear } = useAnswerArrivals({
    groupId,
    isWatching: view === 'open' && !isHost,
    questions,
    pinned,
    onFirst: () => void LazyArrivedQuestion.preload().catch(() => undefined),
  });
  const isArrivalLoaded = LazyArrivedQuestion.useLoaded(arrivals.length > 0);
  const isLoadMoreLoaded = LazyLoadMore.useLoaded(query.hasNextPage);
  const pinnedArrival = arrivals.find((arrival) => arrival.id === pinned?.id);

  return (
    <div className="grid gap-4">
      <AskBox
        groupId={groupId}
        canAsk={canAsk}
        questionsNeedApproval={questionsNeedApproval && !isHost}
        rules={rules}
        {...(sessionId ? { sessionId } : {})}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Toggle
          label="Show"
          value={view}
          onChange={(next) => {
            // answers held in place go with the view they were held in
            if (next !== view) clear();
            setView(next);
          }}
          options={views.map((item) => ({ value: item, label: VIEW_LABELS[item] }))}
        />
        <Toggle
          label="Sort by"
          value={sort}
          onChange={(next) => {
            if (next !== sort) clear();
            setSort(next);
          }}
          options={SORT_OPTIONS}
        />
      </div>
      {isHostToolsLoaded ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <LazyHostTools.Component groupId={groupId} view={view} list={list} />
        </div>
      ) : null}
      <div ref={list} className="grid gap-3" data-question-list>
        {pinned && isListReady ? (
          pinnedArrival && isArrivalLoaded ? (
            <LazyArrivedQuestion.Component
              question={pinned}
              isHost={isHost}
              isPinnedSlot
              onDismiss={() => dismiss(pinned.id)}
            />
          ) : (
            <QuestionCard question={pinned} isHost={isHost} isPinnedSlot />
          )
        ) : null}
        {query.isPending || !isListReady ? <ListSkeleton label="Loading questions" /> : null}
        {query.isError ? (
          <LoadError title="Questions could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
        ) : null}
        {query.isSuccess && isListReady && placed.length === 0 && !pinned ? (
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
        {isListReady && placed.length > 0 ? (
          <ul className="grid gap-3" aria-label="Questions">
            {placed.map(({ question, arrival }) => (
              <li key={question.id}>
                {arrival && isArrivalLoaded ? (
                  <LazyArrivedQuestion.Component
                    question={arrival.question}
                    isHost={isHost}
                    onDismiss={() => dismiss(question.id)}
                  />
                ) : (
                  <QuestionCard question={question} isHost={isHost} />
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {isLoadMoreLoaded ? (
        <LazyLoadMore.Component
          hasMore={query.hasNextPage}
          isLoading={query.isFetchingNextPage}
          onLoad={() => void query.fetchNextPage()}
        />
      ) : null}
    </div>
  );
}
