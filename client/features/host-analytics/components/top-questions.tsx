import { CheckCircle2, ThumbsUp } from 'lucide-react';
import { Link } from 'react-router';

import { EmptyState } from '#client/components/ui/skeleton.tsx';
import { paths } from '#client/lib/paths.ts';
import type { TopQuestion } from '#shared/schemas/host-analytics.ts';

import { formatCount } from '../utils/format-figures.ts';

/** The most voted visible questions, each linking to its page; never who asked. */
export function TopQuestions({
  questions,
  groupSlug,
  emptyText,
}: {
  questions: TopQuestion[];
  groupSlug: string;
  emptyText: string;
}) {
  return (
    <section aria-labelledby="top-questions" className="grid gap-3">
      <h2 id="top-questions" className="text-lg font-semibold">
        Top questions
      </h2>
      {questions.length === 0 ? (
        <EmptyState title={emptyText} />
      ) : (
        <ol className="grid gap-2">
          {questions.map((question) => (
            <li key={question.id} className="flex items-start gap-3 rounded-lg border border-border px-4 py-3">
              <span
                className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold tabular-nums"
                title={`${formatCount(question.likeCount)} votes`}
              >
                <ThumbsUp aria-hidden className="size-4 text-muted-foreground" />
                <span className="sr-only">Votes: </span>
                {formatCount(question.likeCount)}
              </span>
              <div className="grid min-w-0 flex-1 gap-1">
                <Link
                  to={paths.question(groupSlug, question.id)}
                  className="line-clamp-3 font-medium break-words underline-offset-4 hover:underline"
                >
                  {question.body}
                </Link>
                <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                  {question.isAnonymous ? <span>Anonymous</span> : null}
                  {question.isAnswered ? (
                    <span className="inline-flex items-center gap-1 text-foreground">
                      <CheckCircle2 aria-hidden className="size-3.5" />
                      Answered
                    </span>
                  ) : (
                    <span>Not answered</span>
                  )}
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
