import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadingRegion, Skeleton } from '#client/components/ui/skeleton.tsx';
import type { LedgerTotals } from '#shared/schemas/ledger.ts';

import { useLedgerTotals } from '../api/get-ledger-totals.ts';

const TOTALS: [keyof LedgerTotals, string][] = [
  ['asked', 'Asked'],
  ['answered', 'Answered'],
  ['hidden', 'Hidden'],
  ['merged', 'Merged'],
  ['carriedOver', 'Carried over'],
];

/**
 * A session's moderation totals from its public ledger: asked, answered, hidden, merged and
 * carried over (three columns on a phone, five from `sm`). Kept current by 'ledger.added' and
 * the questions' events (useGroupSessionsLiveUpdates).
 */
export function SessionRecord({ sessionId }: { sessionId: string }) {
  const query = useLedgerTotals(sessionId);
  if (query.isError) {
    return (
      <LoadError title="The totals could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  if (!query.data) {
    return (
      <LoadingRegion label="Loading the totals" className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {TOTALS.map(([key]) => (
          <Skeleton key={key} className="h-16" />
        ))}
      </LoadingRegion>
    );
  }
  const totals = query.data;
  return (
    <dl className="grid grid-cols-3 gap-2 sm:grid-cols-5">
      {TOTALS.map(([key, label]) => (
        <div key={key} className="grid gap-0.5 rounded-md border border-border p-3">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-xl font-semibold tabular-nums">{totals[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
