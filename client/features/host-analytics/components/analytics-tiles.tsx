import type { AnalyticsFigures } from '#shared/schemas/host-analytics.ts';

import { formatCount, formatDateTime, formatDuration, formatShare } from '../utils/format-figures.ts';

function Tile({ label, value, detail }: { label: string; value: string; detail?: string | undefined }) {
  return (
    <div className="rounded-lg border border-border px-4 py-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
      {detail ? <dd className="text-xs text-muted-foreground">{detail}</dd> : null}
    </div>
  );
}

/** The headline figures as tiles: two columns on a phone, four on a wide screen. */
export function AnalyticsTiles({ figures }: { figures: AnalyticsFigures }) {
  return (
    <dl aria-label="Headline figures" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <Tile
        label="Questions asked"
        value={formatCount(figures.asked)}
        detail={figures.hidden > 0 ? `${formatCount(figures.hidden)} hidden` : undefined}
      />
      <Tile
        label="Answered"
        value={formatCount(figures.answered)}
        detail={`${formatShare(figures.shareAnswered)} of asked`}
      />
      <Tile label="Median time to answer" value={formatDuration(figures.medianSecondsToAnswer)} />
      <Tile label="Votes" value={formatCount(figures.votes)} />
      <Tile label="Unique askers" value={formatCount(figures.uniqueAskers)} />
      <Tile label="Unique voters" value={formatCount(figures.uniqueVoters)} />
      <Tile
        label="Peak viewers"
        value={figures.peak ? formatCount(figures.peak.viewers) : '–'}
        detail={figures.peak ? formatDateTime(figures.peak.at) : 'Not sampled yet'}
      />
      <Tile label="Share answered" value={formatShare(figures.shareAnswered)} />
    </dl>
  );
}
