import type { RefObject } from 'react';

import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { focusFirstConnected, focusTargetsAround } from '#client/components/ui/focus-rescue.ts';
import { toast } from '#client/components/ui/toast.ts';
import { TextComposer } from '#client/features/content/components/text-composer.tsx';
import { useAnswerQuestion } from '#client/features/questions/api/answer-question.ts';
import { useDeleteQuestion } from '#client/features/questions/api/delete-question.ts';
import { useModerateQuestion, type QuestionModeration } from '#client/features/questions/api/moderate-question.ts';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import type { Question } from '#shared/schemas/questions.ts';

import { questionElementId } from '#client/features/questions/hooks/question-element-id.ts';

import { reportFailure } from './report-failure.ts';

/**
 * Read when a moderation (or an answer's save) starts from the keyboard: once it is done, the card may be drawn again
 * elsewhere (a pinned question moves to the top, an answered one leaves the Open list), which
 * drops focus to <body>. Then focus goes to the same button of the card, or the card, or (when
 * the card left the list) to the next question or the list's heading.
 */
function focusKeeper(questionId: string): () => void {
  const active = document.activeElement;
  const card = active instanceof HTMLElement ? active.closest(`#${CSS.escape(questionElementId(questionId))}`) : null;
  if (!card || !(active instanceof HTMLElement)) return () => undefined;
  const action = active.dataset.action;
  const around = focusTargetsAround(card);
  return () => {
    // Watched for a few seconds: the lists draw the change when they are read again.
    const place = () => {
      const now = document.activeElement;
      if (now && now !== document.body && now.isConnected) return;
      const drawn = document.getElementById(questionElementId(questionId));
      const target = (action ? drawn?.querySelector<HTMLElement>(`[data-action="${action}"]`) : null) ?? drawn;
      if (target) target.focus();
      else focusFirstConnected(around);
    };
    // The panel's list is watched (the whole page for a question's own page): a keeper of a list
    // that went away (another page opened) places no focus in the next one.
    const observer = new MutationObserver(place);
    observer.observe(card.closest('[data-question-list]') ?? document.body, { childList: true, subtree: true });
    window.setTimeout(() => observer.disconnect(), 3_000);
    place();
  };
}

/** What a card shows below its text: itself, or the author's or the host's composer, or the hide picker. */
export type CardMode = 'view' | 'edit' | 'answer' | 'hide';

/**
 * The host's buttons in a card's actions (lazy, card-tools.tsx: only the host loads them):
 * approve, answer or edit the answer, mark answered or reopen, pin or unpin, hide (with a reason,
 * in the picker the card opens) or unhide. The `data-action` ones are what the host's keys press.
 * Moderation is fire-and-forget: a refusal is a toast.
 */
export function HostQuestionActions({
  question,
  mode,
  onModeChange,
  hideButton,
}: {
  question: Question;
  mode: CardMode;
  onModeChange: (mode: CardMode) => void;
  /** Where focus returns when the hide picker is cancelled. */
  hideButton: RefObject<HTMLButtonElement | null>;
}) {
  const moderate = useModerateQuestion();
  const moderateWith = (changes: QuestionModeration, failure: string) => {
    const keep = focusKeeper(question.id);
    void moderate
      .mutateAsync({ questionId: question.id, changes })
      .then(keep)
      .catch((error: Error) => {
        toast.error(failure, { description: error.message });
      });
  };

  return (
    <>
      {question.status === 'pending' ? (
        <Button size="sm" onClick={() => moderateWith({ isApproved: true }, 'Could not approve')}>
          Approve
        </Button>
      ) : null}
      {mode !== 'answer' ? (
        <Button variant="outline" size="sm" data-action="answer" onClick={() => onModeChange('answer')}>
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
        data-action="pin"
        onClick={() => moderateWith({ isPinned: !question.isPinned }, 'Could not change the pin')}
      >
        {question.isPinned ? 'Unpin' : 'Pin'}
      </Button>
      <Button
        ref={hideButton}
        variant="ghost"
        size="sm"
        aria-expanded={question.isHidden ? undefined : mode === 'hide'}
        data-action="hide"
        onClick={() =>
          question.isHidden
            ? moderateWith({ isHidden: false }, 'Could not show it again')
            : onModeChange(mode === 'hide' ? 'view' : 'hide')
        }
      >
        {question.isHidden ? 'Unhide' : 'Hide'}
      </Button>
    </>
  );
}

/**
 * The host's answer composer (a first answer, or the answer edited): focused as it opens, and
 * once saved focus goes back to the card, so the host's keys go on from there. `onDone` closes it.
 */
export function AnswerComposer({ question, onDone }: { question: Question; onDone: () => void }) {
  const answer = useAnswerQuestion();
  return (
    <div>
      <TextComposer
        label="Answer"
        hideLabel={false}
        submitLabel="Save answer"
        maxLength={CONTENT_LIMITS.answerBodyMax}
        initialValue={question.answer?.body ?? ''}
        autoFocus
        onCancel={onDone}
        onSubmit={async (body) => {
          // saved, the composer closes under the focus: it goes back to the card, wherever it is drawn
          const keep = focusKeeper(question.id);
          await answer.mutateAsync({ questionId: question.id, body }).catch(reportFailure('Could not save the answer'));
          onDone();
          keep();
        }}
      />
    </div>
  );
}

/** Delete, confirmed first (the author, or the host): the question goes for everyone. */
export function DeleteQuestionButton({ question }: { question: Question }) {
  const remove = useDeleteQuestion(question.groupId);
  return (
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
  );
}
