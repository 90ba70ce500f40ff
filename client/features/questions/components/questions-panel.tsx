import { MessageCircleQuestion } from 'lucide-react';
import { useState } from 'react';

import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { useQuestions } from '#client/features/questions/api/get-questions.ts';
import type { QuestionSort, QuestionView } from '#client/features/questions/api/query-keys.ts';

import { AskBox } from './ask-box.tsx';
import { QuestionCard } from './question-card.tsx';

const VIEW_LABELS: Record<QuestionView, string> = {
  open: 'Open',
  answered: 'Answered',
  pending: 'Pending',
  hidden: 'Hidden',
};

const EMPTY_TITLES: Record<QuestionView, string> = {
  open: 'No questions yet.',
  answered: 'No answered questions yet.',
  pending: 'No questions wait for approval.',
  hidden: 'No hidden questions.',
};

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
 * The Questions tab of an ama group: ask (with similar questions), sort Top or New, views Open
 * and Answered (and Pending and Hidden for the host), the pinned question on top.
 */
export function QuestionsPanel({
  groupId,
  isHost,
  canAsk,
  questionsNeedApproval,
  sessionId,
}: {
  groupId: string;
  isHost: boolean;
  canAsk: boolean;
  questionsNeedApproval: boolean;
  /** Shows and asks only the questions of this AMA session. */
  sessionId?: string;
}) {
  const [sort, setSort] = useState<QuestionSort>('top');
  const [view, setView] = useState<QuestionView>('open');
  const views: QuestionView[] = isHost ? ['open', 'answered', 'pending', 'hidden'] : ['open', 'answered'];
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
        <Toggle
          label="Sort by"
          value={sort}
          onChange={setSort}
          options={[
            { value: 'top', label: 'Top' },
            { value: 'new', label: 'New' },
          ]}
        />
      </div>
      {pinned ? <QuestionCard question={pinned} isHost={isHost} isPinnedSlot /> : null}
      {query.isPending ? <ListSkeleton label="Loading questions" /> : null}
      {query.isError ? (
        <LoadError title="Questions could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
      ) : null}
      {query.isSuccess && questions.length === 0 && !pinned ? (
        <EmptyState
          icon={<MessageCircleQuestion />}
          title={EMPTY_TITLES[view]}
          description={view === 'open' ? 'Questions for the host will show here.' : undefined}
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
      <LoadMore
        hasMore={query.hasNextPage}
        isLoading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
      />
    </div>
  );
}
