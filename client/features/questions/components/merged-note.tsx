import { Link } from 'react-router';

import { paths } from '#client/lib/paths.ts';
import type { Question } from '#shared/schemas/questions.ts';

import { UndoMergeButton } from './undo-merge-button.tsx';

/**
 * "Merged into “…”" on a merged question (its own page: merged questions are in no list), linking
 * to the question it went into inside a group's pages; the host may undo the merge from here.
 */
export function MergedNote({
  question,
  slug,
  isHost,
}: {
  question: Question & { mergedInto: NonNullable<Question['mergedInto']> };
  slug: string | undefined;
  isHost: boolean;
}) {
  const { mergedInto } = question;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p role="note" className="text-sm font-medium">
        Merged into{' '}
        {slug ? (
          <Link to={paths.question(slug, mergedInto.id)} className="underline underline-offset-4">
            “{mergedInto.body}”
          </Link>
        ) : (
          <span>“{mergedInto.body}”</span>
        )}
      </p>
      {isHost ? <UndoMergeButton questionId={question.id} /> : null}
    </div>
  );
}
