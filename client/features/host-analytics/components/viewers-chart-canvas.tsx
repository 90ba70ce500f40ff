import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

import type { ViewerSample } from '#shared/schemas/host-analytics.ts';

import { timeRange } from '../utils/chart-range.ts';

export type ViewersChartCanvasProps = { samples: ViewerSample[]; peak: ViewerSample | null };

/** Steps of the viewers axis: whole people only. */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000];

/** The theme's colours as the page shows them now, read from elements carrying the classes. */
function themeColours(root: HTMLElement) {
  const probe = (className: string, property: 'color' | 'borderTopColor') => {
    const element = document.createElement('span');
    element.className = className;
    root.append(element);
    const value = getComputedStyle(element)[property];
    element.remove();
    return value;
  };
  return {
    line: probe('text-primary', 'color'),
    axis: probe('text-muted-foreground', 'color'),
    grid: probe('border border-border', 'borderTopColor'),
  };
}

/**
 * The viewers-over-time line (uPlot on a canvas), the peak a marked point; as wide as its box,
 * redrawn when the box or the theme changes. A picture only: ViewersChart gives its text.
 */
export function ViewersChartCanvas({ samples, peak }: ViewersChartCanvasProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: uPlot | null = null;
    const xs = samples.map((sample) => Date.parse(sample.at) / 1000);
    const ys = samples.map((sample) => sample.viewers);
    const peakYs = samples.map((sample) => (peak && sample.at === peak.at ? sample.viewers : null));
    const xRange = timeRange(xs[0] ?? 0, xs.at(-1) ?? 0);

    const draw = () => {
      chart?.destroy();
      const colours = themeColours(element);
      const axis = { stroke: colours.axis, grid: { stroke: colours.grid, width: 1 }, ticks: { show: false } };
      chart = new uPlot(
        {
          width: Math.max(200, element.clientWidth),
          height: Math.max(120, element.clientHeight),
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: {
            // fixed from the samples: uPlot would stretch a single sample's axis over years
            x: { time: true, auto: false, range: xRange },
            y: { range: (_chart, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] },
          },
          axes: [axis, { ...axis, incrs: WHOLE_STEPS, size: 44 }],
          series: [
            {},
            {
              label: 'Viewers',
              stroke: colours.line,
              width: 2,
              points: { show: samples.length < 40, size: 5, fill: colours.line },
            },
            {
              label: 'Peak',
              stroke: colours.line,
              paths: () => null,
              points: { show: true, size: 12, width: 3, fill: 'transparent', stroke: colours.line },
            },
          ],
        },
        [xs, ys, peakYs],
        element,
      );
    };
    draw();

    const resize = new ResizeObserver(() => {
      chart?.setSize({ width: Math.max(200, element.clientWidth), height: Math.max(120, element.clientHeight) });
    });
    resize.observe(element);
    // the theme is a class on <html>: the colours are read again when it changes
    const theme = new MutationObserver(draw);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => {
      resize.disconnect();
      theme.disconnect();
      chart?.destroy();
    };
  }, [samples, peak]);

  return <div ref={box} aria-hidden="true" data-testid="viewers-chart" className="h-full w-full overflow-hidden" />;
}
