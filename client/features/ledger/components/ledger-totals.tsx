import type { LedgerTotals } from '#shared/schemas/ledger.ts';

const TOTALS: { key: keyof LedgerTotals; label: string }[] = [
  { key: 'asked', label: 'Asked' },
  { key: 'answered', label: 'Answered' },
  { key: 'hidden', label: 'Hidden' },
  { key: 'merged', label: 'Merged' },
  { key: 'carriedOver', label: 'Carried over' },
];

/** A session's moderation totals as five figures (two columns on a phone, one row on a desktop). */
export function LedgerTotalsList({ totals }: { totals: LedgerTotals }) {
  return (
    <dl aria-label="Session totals" className="grid grid-cols-2 gap-2 sm:grid-cols-5">
      {TOTALS.map(({ key, label }) => (
        <div key={key} className="rounded-lg border border-border px-3 py-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-xl font-semibold tabular-nums">{totals[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
