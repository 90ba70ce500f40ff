import { useParams } from 'react-router';

import { LoadError } from '#client/components/ui/load-error.tsx';
import { ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { isGroupNotFound } from '#client/features/groups/api/get-group.ts';
import { useQuestion } from '#client/features/questions/api/get-question.ts';
import { QuestionCard } from '#client/features/questions/components/question-card.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

import { GroupItemFrame, ItemNotFound, type GroupItemContext } from './group-item-frame.tsx';

function QuestionView({ page, access, questionId }: GroupItemContext & { questionId: string }) {
  const query = useQuestion(page.group.id, questionId);
  const question = query.data;
  useDocumentTitle(question ? `${question.body.slice(0, 60)} · ${page.group.name}` : null);
  if (query.isError && isGroupNotFound(query.error)) {
    return (
      <ItemNotFound
        title="Question not found"
        slug={page.group.slug}
        text="It may have been deleted, or it is waiting for the host's approval."
      />
    );
  }
  if (query.isError) {
    return (
      <LoadError title="This question could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  if (!question) return <ListSkeleton label="Loading question" />;
  return (
    <section aria-labelledby="question-heading">
      <h1 id="question-heading" className="mb-4 text-lg font-semibold text-muted-foreground">
        Question in {page.group.name}
      </h1>
      <div className="grid gap-4">
        <QuestionCard question={question} isHost={access?.role === 'host'} isCommentsOpenAtFirst />
      </div>
    </section>
  );
}

/** /group/:slug/question/:questionId: one question with its answer and comments, to share. */
export function QuestionRoute() {
  const { questionId = '' } = useParams();
  return (
    <GroupItemFrame label="Loading question">
      {(context) => <QuestionView key={questionId} {...context} questionId={questionId} />}
    </GroupItemFrame>
  );
}
