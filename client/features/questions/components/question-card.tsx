import { MessageSquare, Pin } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';

import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { AuthorLine } from '#client/features/content/components/author-line.tsx';
import { CommentsThread } from '#client/features/content/components/lazy-comments-thread.tsx';
import { ContentLikeButton } from '#client/features/content/components/like-button.tsx';
import { RichText } from '#client/features/content/components/rich-text.tsx';
import { TextComposer } from '#client/features/content/components/text-composer.tsx';
import { useAnswerQuestion } from '#client/features/questions/api/answer-question.ts';
import { useDeleteQuestion } from '#client/features/questions/api/delete-question.ts';
import { useEditQuestion } from '#client/features/questions/api/edit-question.ts';
import { useModerateQuestion, type QuestionModeration } from '#client/features/questions/api/moderate-question.ts';
import { cn } from '#client/lib/cn.ts';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import type { Question } from '#shared/schemas/questions.ts';
import { displayName } from '#client/lib/format.ts';
import { paths } from '#client/lib/paths.ts';

function reportFailure(what: string) {
  return (error: Error) => {
    toast.error(what, { description: error.message });
    throw error;
  };
}

/**
 * One question of the queue: author, text, its vote, the host's answer (with its own like),
 * comments; the host's controls (answer, mark answered, pin, hide, approve) and the author's
 * (edit while unanswered, delete).
 */
export function QuestionCard({
  question,
  isHost,
  isPinnedSlot = false,
  isCommentsOpenAtFirst = false,
}: {
  question: Question;
  isHost: boolean;
  /** Shown in the pinned slot at the top: highlighted as being answered now. */
  isPinnedSlot?: boolean;
  /** Its own page shows the comments at once. */
  isCommentsOpenAtFirst?: boolean;
}) {
  // Inside a group's pages the age links to the question's own page.
  const { slug } = useParams();
  const [mode, setMode] = useState<'view' | 'edit' | 'answer'>('view');
  const [isCommentsOpen, setIsCommentsOpen] = useState(isCommentsOpenAtFirst);
  const edit = useEditQuestion();
  const remove = useDeleteQuestion(question.groupId);
  const answer = useAnswerQuestion();
  const moderate = useModerateQuestion();
  const name = displayName(question.author);

  const moderateWith = (changes: QuestionModeration, failure: string) =>
    void moderate.mutateAsync({ questionId: question.id, changes }).catch((error: Error) => {
      toast.error(failure, { description: error.message });
    });

  return (
    <article
      className={cn(
        'grid gap-3 rounded-lg border bg-card p-4',
        isPinnedSlot && 'border-primary bg-primary/5 ring-1 ring-primary',
        question.isHidden && 'opacity-70',
      )}
      aria-label={`Question by ${name}`}
    >
      {isPinnedSlot ? (
        <p className="inline-flex items-center gap-1 text-xs font-semibold text-red-700 dark:text-red-300">
          <Pin aria-hidden className="size-3.5" />
          Being answered now
        </p>
      ) : null}
      <div className="flex items-start gap-3">
        <div className="flex flex-col items-center">
          <ContentLikeButton
            kind="vote"
            targetType="question"
            targetId={question.id}
            isLiked={question.isLiked}
            likeCount={question.likeCount}
            gateTarget="questionQueue"
          />
        </div>
        <div className="grid min-w-0 flex-1 gap-2">
          <AuthorLine
            author={question.author}
            createdAt={question.createdAt}
            editedAt={question.editedAt}
            href={slug ? paths.question(slug, question.id) : undefined}
          />
          {mode === 'edit' ? (
            <TextComposer
              label="Edit question"
              submitLabel="Save"
              maxLength={CONTENT_LIMITS.questionBodyMax}
              initialValue={question.body}
              autoFocus
              onCancel={() => setMode('view')}
              onSubmit={async (body) => {
                await edit
                  .mutateAsync({ questionId: question.id, body })
                  .catch(reportFailure('Could not save the question'));
                setMode('view');
              }}
            />
          ) : (
            <RichText text={question.body} />
          )}
          <div className="flex flex-wrap gap-2 text-xs">
            {question.status === 'answered' ? <span className="text-success">Answered</span> : null}
            {question.status === 'pending' ? <span className="text-warning">Waiting for approval</span> : null}
            {question.isHidden ? <span className="text-muted-foreground">Hidden</span> : null}
          </div>
        </div>
      </div>

      {question.answer && mode !== 'answer' ? (
        <section aria-label="Answer" className="grid gap-2 rounded-md border-l-4 border-primary bg-muted/40 p-3">
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

      {mode === 'answer' ? (
        <TextComposer
          label="Answer"
          hideLabel={false}
          submitLabel="Save answer"
          maxLength={CONTENT_LIMITS.answerBodyMax}
          initialValue={question.answer?.body ?? ''}
          autoFocus
          onCancel={() => setMode('view')}
          onSubmit={async (body) => {
            await answer
              .mutateAsync({ questionId: question.id, body })
              .catch(reportFailure('Could not save the answer'));
            setMode('view');
          }}
        />
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
        {isHost ? (
          <>
            {question.status === 'pending' ? (
              <Button size="sm" onClick={() => moderateWith({ isApproved: true }, 'Could not approve')}>
                Approve
              </Button>
            ) : null}
            {mode !== 'answer' ? (
              <Button variant="outline" size="sm" onClick={() => setMode('answer')}>
                {question.answer ? 'Edit answer' : 'Answer'}
              </Button>
            ) : null}
            {question.status === 'open' ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => moderateWith({ status: 'answered' }, 'Could not mark it answered')}
              >
                Mark answered
              </Button>
            ) : null}
            {question.status === 'answered' ? (
              <Button variant="ghost" size="sm" onClick={() => moderateWith({ status: 'open' }, 'Could not reopen')}>
                Reopen
              </Button>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              aria-pressed={question.isPinned}
              onClick={() => moderateWith({ isPinned: !question.isPinned }, 'Could not change the pin')}
            >
              {question.isPinned ? 'Unpin' : 'Pin'}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => moderateWith({ isHidden: !question.isHidden }, 'Could not change the visibility')}
            >
              {question.isHidden ? 'Unhide' : 'Hide'}
            </Button>
          </>
        ) : null}
        {question.permissions.canEdit && question.status !== 'answered' && mode === 'view' ? (
          <Button variant="ghost" size="sm" onClick={() => setMode('edit')}>
            Edit
          </Button>
        ) : null}
        {question.permissions.canDelete ? (
          <ConfirmDialog
            title="Delete this question?"
            description="The question, its answer and its comments will be removed for everyone."
            onConfirm={() => remove.mutateAsync(question.id).catch(reportFailure('Could not delete the question'))}
            trigger={
              <Button variant="ghost" size="sm">
                Delete
              </Button>
            }
          />
        ) : null}
      </div>
      {isCommentsOpen ? <CommentsThread parentType="question" parentId={question.id} /> : null}
    </article>
  );
}
