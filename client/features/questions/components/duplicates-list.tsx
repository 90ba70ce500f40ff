import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { useDuplicateQuestions } from '#client/features/questions/api/get-duplicates.ts';
import { useMergeWithUndo } from '#client/features/questions/hooks/use-merge-with-undo.ts';

const countFormat = new Intl.NumberFormat('en');

/**
 * The possible duplicates of an open question (loaded lazily: only the host and the asker see
 * it), each with "Merge into this": the question goes into that one, its votes pooled there.
 */
export function DuplicatesList({ groupId, questionId }: { groupId: string; questionId: string }) {
  const query = useDuplicateQuestions(groupId, questionId, true);
  const { mergeInto, isBusy } = useMergeWithUndo();
  if (query.isPending) return <ListSkeleton label="Looking for duplicates" />;
  if (query.isError) {
    return (
      <LoadError
        title="Possible duplicates could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const candidates = query.data.questions;
  if (candidates.length === 0) {
    return <p className="text-sm text-muted-foreground">No question of this group reads like this one.</p>;
  }
  return (
    <ul className="grid gap-2" aria-label="Possible duplicates">
      {candidates.map((candidate) => (
        <li
          key={candidate.id}
          className="flex flex-col gap-2 rounded-md border bg-muted/30 p-2 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="grid min-w-0 gap-0.5">
            <p className="text-sm break-words">{candidate.body}</p>
            <p className="text-xs text-muted-foreground">
              {`${countFormat.format(candidate.likeCount)} ${candidate.likeCount === 1 ? 'vote' : 'votes'}`}
              {candidate.status === 'answered' ? ' · Answered' : ''}
              {` · ${String(Math.round(candidate.similarity * 100))}% alike`}
            </p>
          </div>
          <Button
            size="sm"
            variant="outline"
            className="shrink-0"
            disabled={isBusy}
            aria-label={`Merge into this: ${candidate.body}`}
            onClick={() => void mergeInto(questionId, candidate.id)}
          >
            Merge into this
          </Button>
        </li>
      ))}
    </ul>
  );
}
