import { MessageSquare, Pin } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';

import { Button } from '#client/components/ui/button.tsx';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { AuthorLine } from '#client/features/content/components/author-line.tsx';
import { CommentsThread } from '#client/features/content/components/lazy-comments-thread.tsx';
import { ContentLikeButton } from '#client/features/content/components/like-button.tsx';
import { RichText } from '#client/features/content/components/rich-text.tsx';
import { questionElementId } from '#client/features/questions/hooks/question-element-id.ts';
import { cn } from '#client/lib/cn.ts';
import { lazyComponent } from '#client/lib/lazy-component.ts';
import { canEditQuestion, canMergeQuestion } from '#shared/lib/permissions.ts';
import type { Question } from '#shared/schemas/questions.ts';
import { displayName } from '#client/lib/format.ts';
import { paths } from '#client/lib/paths.ts';

import type { CardMode } from './host-card-actions.tsx';

/** What few people see of the queue (card-tools.tsx): one module, out of the queue's first load. */
export const loadCardTools = () => import('./card-tools.tsx');
const LazyMergeOffer = lazyComponent(async () => (await loadCardTools()).MergeOffer);
const LazyHideReasonPicker = lazyComponent(async () => (await loadCardTools()).HideReasonPicker);
const LazyMergedNote = lazyComponent(async () => (await loadCardTools()).MergedNote);
const LazyHostActions = lazyComponent(async () => (await loadCardTools()).HostQuestionActions);
const LazyAnswerComposer = lazyComponent(async () => (await loadCardTools()).AnswerComposer);
const LazyDeleteButton = lazyComponent(async () => (await loadCardTools()).DeleteQuestionButton);
const LazyEditComposer = lazyComponent(async () => (await loadCardTools()).EditComposer);

/**
 * Fetches the host's card actions and answer composer ahead (the queue does, for its host), so
 * the host's cards draw with their buttons and the composer opens in the same frame as Answer.
 */
export const preloadHostCardTools = () => Promise.all([LazyHostActions.preload(), LazyAnswerComposer.preload()]);

const countFormat = new Intl.NumberFormat('en');

/**
 * One question of the queue: author, text, its vote, the host's answer (with its own like),
 * comments; the host's controls (answer, mark answered, pin, hide with a reason, approve, merge
 * into a possible duplicate) and the author's (edit while unanswered, delete, merge their own
 * open question into an existing one when there is one like it). Labels say where it came from
 * (carried over from a session) and, on its own page, where it went (merged into another).
 * Focusable (tabIndex -1, by its id) so a merge, an undo and the host's keys can move to it.
 */
export function QuestionCard({
  question,
  isHost,
  isPinnedSlot = false,
  isCommentsOpenAtFirst = false,
  answerNote,
}: {
  question: Question;
  isHost: boolean;
  /** Shown in the pinned slot at the top: highlighted as being answered now. */
  isPinnedSlot?: boolean;
  /** Its own page shows the comments at once. */
  isCommentsOpenAtFirst?: boolean;
  /** Shown at the top of its answer: that the answer has just arrived (answer-arrival.tsx). */
  answerNote?: ReactNode;
}) {
  const { user } = useSession();
  const viewerId = user?.id ?? null;
  // Inside a group's pages the age links to the question's own page.
  const { slug } = useParams();
  const [mode, setMode] = useState<CardMode>('view');
  const hideButton = useRef<HTMLButtonElement>(null);
  const isPickerLoaded = LazyHideReasonPicker.useLoaded(mode === 'hide');
  const [isCommentsOpen, setIsCommentsOpen] = useState(isCommentsOpenAtFirst);
  const name = displayName(question.author);
  const isMerged = question.mergedInto !== null;
  const isOpen = question.status === 'open' && !question.isHidden && !isMerged;
  const isMergedNoteLoaded = LazyMergedNote.useLoaded(isMerged);
  // an anonymous question names nobody: its asker knows it by being allowed to edit it
  const isOwn = question.permissions.canEdit;
  const canMerge =
    viewerId !== null &&
    canMergeQuestion(viewerId, {
      authorId: isOwn ? viewerId : question.author.id,
      hostId: isHost ? viewerId : '',
      isOpen,
    });
  const isMergeOfferLoaded = LazyMergeOffer.useLoaded(canMerge);
  // the host's tools and a Delete load for those who have them: a visitor's cards fetch neither
  const hasHostActions = isHost && !isMerged;
  const isHostActionsLoaded = LazyHostActions.useLoaded(hasHostActions);
  const isAnswerComposerLoaded = LazyAnswerComposer.useLoaded(mode === 'answer' || hasHostActions);
  const isDeleteLoaded = LazyDeleteButton.useLoaded(question.permissions.canDelete);
  // the asker's (their own) or the host's (anyone's, shown as edited by the host), fetched while
  // they may edit, so Edit opens it at once
  const canEdit =
    viewerId !== null &&
    canEditQuestion(viewerId, {
      authorId: isOwn ? viewerId : question.author.id,
      hostId: isHost ? viewerId : '',
      isAnswered: question.status === 'answered',
      isMerged,
    });
  const isEditLoaded = LazyEditComposer.useLoaded(canEdit);

  return (
    <article
      className={cn(
        'grid scroll-mt-20 gap-3 rounded-lg border bg-card p-4 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        isPinnedSlot && 'border-primary bg-primary/5 ring-1 ring-primary',
        question.isHidden && 'opacity-70',
      )}
      aria-label={`Question by ${name}`}
      id={questionElementId(question.id)}
      tabIndex={-1}
      data-question-id={question.id}
    >
      {question.mergedInto && isMergedNoteLoaded ? (
        <LazyMergedNote.Component
          question={{ ...question, mergedInto: question.mergedInto }}
          slug={slug}
          isHost={isHost}
        />
      ) : null}
      {isPinnedSlot ? (
        <p className="inline-flex items-center gap-1 text-xs font-semibold text-red-700 dark:text-red-300">
          <Pin aria-hidden className="size-3.5" />
          Being answered now
        </p>
      ) : null}
      <div className="flex items-start gap-3">
        <div className="flex flex-col items-center">
          {isMerged ? (
            // its votes went with it: it takes none while merged
            <span
              className="px-2 py-1 text-sm text-muted-foreground tabular-nums"
              data-testid={`like-count-${question.id}`}
              title="Votes when it was merged"
            >
              {countFormat.format(question.likeCount)}
            </span>
          ) : (
            <ContentLikeButton
              kind="vote"
              targetType="question"
              targetId={question.id}
              isLiked={question.isLiked}
              likeCount={question.likeCount}
              gateTarget="questionQueue"
            />
          )}
        </div>
        <div className="grid min-w-0 flex-1 gap-2">
          <AuthorLine
            author={question.author}
            createdAt={question.createdAt}
            editedAt={question.editedAt}
            editedByHost={question.editedByHost}
            href={slug ? paths.question(slug, question.id) : undefined}
          />
          {mode === 'edit' && isEditLoaded ? (
            <LazyEditComposer.Component
              question={question}
              isHostEdit={isHost && !isOwn}
              onDone={() => setMode('view')}
            />
          ) : (
            <RichText text={question.body} />
          )}
          <div className="flex flex-wrap gap-2 text-xs">
            {question.status === 'answered' ? <span className="text-success">Answered</span> : null}
            {question.status === 'pending' ? <span className="text-warning">Waiting for approval</span> : null}
            {question.isHidden ? <span className="text-muted-foreground">Hidden</span> : null}
            {question.carriedFrom ? (
              <span className="inline-flex items-center gap-1 text-muted-foreground">
                Carried from{' '}
                <Link to={paths.session(question.carriedFrom.sessionId)} className="underline underline-offset-4">
                  {question.carriedFrom.title}
                </Link>
              </span>
            ) : null}
          </div>
        </div>
      </div>

      {question.answer && mode !== 'answer' ? (
        <section aria-label="Answer" className="grid gap-2 rounded-md border-l-4 border-primary bg-muted/40 p-3">
          {answerNote}
          <AuthorLine
            author={question.answer.author}
            createdAt={question.answer.createdAt}
            editedAt={question.answer.editedAt}
            size="xs"
          />
          <RichText text={question.answer.body} />
          <div>
            <ContentLikeButton
              targetType="answer"
              targetId={question.answer.id}
              isLiked={question.answer.isLiked}
              likeCount={question.answer.likeCount}
              gateTarget="questionQueue"
            />
          </div>
        </section>
      ) : null}

      {mode === 'answer' && isAnswerComposerLoaded ? (
        <LazyAnswerComposer.Component question={question} onDone={() => setMode('view')} />
      ) : null}

      <div className="flex flex-wrap items-center gap-1">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={isCommentsOpen}
          onClick={() => setIsCommentsOpen((open) => !open)}
        >
          <MessageSquare aria-hidden />
          {`${String(question.commentCount)} ${question.commentCount === 1 ? 'comment' : 'comments'}`}
        </Button>
        {hasHostActions && isHostActionsLoaded ? (
          <LazyHostActions.Component question={question} mode={mode} onModeChange={setMode} hideButton={hideButton} />
        ) : null}
        {canMerge && isMergeOfferLoaded ? <LazyMergeOffer.Component question={question} isHost={isHost} /> : null}
        {canEdit && isEditLoaded && mode === 'view' ? (
          <Button variant="ghost" size="sm" onClick={() => setMode('edit')}>
            Edit
          </Button>
        ) : null}
        {question.permissions.canDelete && isDeleteLoaded ? <LazyDeleteButton.Component question={question} /> : null}
      </div>
      {mode === 'hide' && isPickerLoaded ? (
        <LazyHideReasonPicker.Component
          questionId={question.id}
          onClose={(hidden) => {
            setMode('view');
            if (!hidden) hideButton.current?.focus();
          }}
        />
      ) : null}
      {isCommentsOpen ? <CommentsThread parentType="question" parentId={question.id} /> : null}
    </article>
  );
}
