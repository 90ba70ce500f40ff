import { TextComposer } from '#client/features/content/components/text-composer.tsx';
import { useEditQuestion } from '#client/features/questions/api/edit-question.ts';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import type { Question } from '#shared/schemas/questions.ts';

import { reportFailure } from './report-failure.ts';

/** Said under the host's edit of someone else's question, before they save it (the field's description). */
const HOST_EDIT_HINT = 'Your edit shows as “edited by the host” and is listed in the public moderation ledger.';

/**
 * The edit of a question's text while it is unanswered (lazy, card-tools.tsx): the asker's, of
 * their own, or the host's, of anyone's (`isHostEdit`: said beforehand, since it shows as "edited
 * by the host" and in the public moderation ledger). Focused as it opens; `onDone` closes it.
 */
export function EditComposer({
  question,
  isHostEdit = false,
  onDone,
}: {
  question: Question;
  isHostEdit?: boolean;
  onDone: () => void;
}) {
  const edit = useEditQuestion();
  return (
    <TextComposer
      label="Edit question"
      submitLabel="Save"
      maxLength={CONTENT_LIMITS.questionBodyMax}
      initialValue={question.body}
      hint={isHostEdit ? HOST_EDIT_HINT : undefined}
      autoFocus
      onCancel={onDone}
      onSubmit={async (body) => {
        await edit.mutateAsync({ questionId: question.id, body }).catch(reportFailure('Could not save the question'));
        onDone();
      }}
    />
  );
}
