import { LineChart } from 'lucide-react';

import { EmptyState, LoadingRegion, Skeleton } from '#client/components/ui/skeleton.tsx';
import { lazyComponent } from '#client/lib/lazy-component.ts';
import type { ViewerSample } from '#shared/schemas/host-analytics.ts';

import { formatCount, formatDateTime, formatMinute } from '../utils/format-figures.ts';
import type { ViewersChartCanvasProps } from './viewers-chart-canvas.tsx';

/** The drawing (uPlot and its styles) loads on these pages alone, after the figures. */
const Canvas = lazyComponent<ViewersChartCanvasProps>(async () => {
  const { ViewersChartCanvas } = await import('./viewers-chart-canvas.tsx');
  return ViewersChartCanvas;
});

/** What the chart shows, in one sentence: its text alternative. */
export function describeViewers(samples: ViewerSample[], peak: ViewerSample | null): string {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last || !peak) return 'No viewers were sampled.';
  return (
    `${formatCount(samples.length)} ${samples.length === 1 ? 'minute' : 'minutes'} sampled from ` +
    `${formatMinute(first.at)} to ${formatMinute(last.at)}; at the peak, ${formatCount(peak.viewers)} ` +
    `${peak.viewers === 1 ? 'viewer' : 'viewers'} at ${formatDateTime(peak.at)}; ` +
    `${formatCount(last.viewers)} at the last sample.`
  );
}

/**
 * Viewers over time: a line with the peak marked. The canvas is a picture only (hidden from
 * screen readers); the caption says what it shows and the table under it has every number.
 */
export function ViewersChart({
  samples,
  peak,
  emptyText,
}: {
  samples: ViewerSample[];
  peak: ViewerSample | null;
  emptyText: string;
}) {
  const isLoaded = Canvas.useLoaded(samples.length > 0);
  return (
    <section aria-labelledby="viewers-over-time" className="grid gap-3">
      <h2 id="viewers-over-time" className="text-lg font-semibold">
        Viewers over time
      </h2>
      {samples.length === 0 ? (
        <EmptyState icon={<LineChart />} title="No viewers were sampled" description={emptyText} />
      ) : (
        <figure className="grid gap-2">
          <div className="h-60 rounded-lg border border-border p-2">
            {isLoaded ? (
              <Canvas.Component samples={samples} peak={peak} />
            ) : (
              <LoadingRegion label="Loading the chart" className="h-full">
                <Skeleton className="h-full w-full" />
              </LoadingRegion>
            )}
          </div>
          <figcaption className="text-sm text-muted-foreground">{describeViewers(samples, peak)}</figcaption>
          <details className="text-sm">
            <summary className="cursor-pointer font-medium underline-offset-4 hover:underline">
              Viewers each minute, as a table
            </summary>
            <div className="mt-2 max-h-72 overflow-y-auto rounded-md border border-border">
              <table className="w-full text-sm">
                <thead className="sticky top-0 bg-background">
                  <tr className="border-b border-border">
                    <th scope="col" className="px-3 py-2 text-left font-medium">
                      Minute
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Viewers
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {samples.map((sample) => (
                    <tr key={sample.at} className="border-b border-border last:border-0">
                      <td className="px-3 py-1.5">{formatMinute(sample.at)}</td>
                      <td className="px-3 py-1.5 text-right tabular-nums">{formatCount(sample.viewers)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </figure>
      )}
    </section>
  );
}
