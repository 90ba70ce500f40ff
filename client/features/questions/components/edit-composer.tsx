import { TextComposer } from '#client/features/content/components/text-composer.tsx';
import { useEditQuestion } from '#client/features/questions/api/edit-question.ts';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import type { Question } from '#shared/schemas/questions.ts';

import { reportFailure } from './report-failure.ts';

/** The asker's edit of their question, while it is unanswered (lazy, card-tools.tsx); `onDone` closes it. */
export function EditComposer({ question, onDone }: { question: Question; onDone: () => void }) {
  const edit = useEditQuestion();
  return (
    <TextComposer
      label="Edit question"
      submitLabel="Save"
      maxLength={CONTENT_LIMITS.questionBodyMax}
      initialValue={question.body}
      autoFocus
      onCancel={onDone}
      onSubmit={async (body) => {
        await edit.mutateAsync({ questionId: question.id, body }).catch(reportFailure('Could not save the question'));
        onDone();
      }}
    />
  );
}
