import { BarChart3 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';

import { EmptyState, LoadingRegion, Skeleton } from '#client/components/ui/skeleton.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import type { AdminPageViews as PageViews } from '#shared/schemas/admin-console.ts';
import { useAdminPageViews } from '../api/page-views.ts';
import { AdminPageHeader } from './admin-parts.tsx';

const PERIODS = [7, 30, 90, 365] as const;

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
const number = new Intl.NumberFormat();

/**
 * Views per day as bars. A picture only (hidden from screen readers): the table below it has
 * the same numbers.
 */
function DayBars({ perDay }: { perDay: PageViews['perDay'] }) {
  const most = Math.max(1, ...perDay.map((day) => day.views));
  return (
    <div aria-hidden="true" className="flex h-40 items-end gap-px overflow-hidden rounded-md border border-border p-2">
      {perDay.map((day) => (
        <div
          key={day.date}
          title={`${formatDay(day.date)}: ${String(day.views)} views`}
          className="min-w-0 flex-1 rounded-t-sm bg-primary"
          style={{ height: `${String((day.views / most) * 100)}%`, minHeight: day.views > 0 ? 2 : 0 }}
        />
      ))}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-border px-4 py-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{number.format(value)}</dd>
    </div>
  );
}

const cell = 'px-3 py-2 text-right tabular-nums';
const headCell = 'px-3 py-2 text-right font-medium';

/** Props of ViewsTable. */
type ViewsTableProps = {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** The name of the scrolling region around the table. */
  label: string;
  caption: string;
  /** The heading of the first column: what a row counts the views of. */
  firstColumn: string;
  /** Classes of each row's first cell. */
  nameClassName: string;
  /** Scrolls within a fixed height, its header row kept in view; otherwise as high as its rows. */
  isLong?: boolean;
  rows: { key: string; name: ReactNode; views: number; uniqueVisitors: number }[];
  /** Shown between the heading and the table. */
  children?: ReactNode;
};

/** A section with a table of views and unique visitors, a row per day or per page. */
function ViewsTable({
  id,
  title,
  label,
  caption,
  firstColumn,
  nameClassName,
  isLong,
  rows,
  children,
}: ViewsTableProps) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
      {/* Scrolls on its own, so it takes focus for keyboard scrolling. */}
      <div
        role="region"
        aria-label={label}
        tabIndex={0}
        className={`${isLong ? 'max-h-96 overflow-auto' : 'overflow-x-auto'} rounded-md border border-border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none`}
      >
        <table className="w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className={isLong ? 'sticky top-0 bg-muted' : 'bg-muted'}>
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {firstColumn}
              </th>
              <th scope="col" className={headCell}>
                Views
              </th>
              <th scope="col" className={headCell}>
                Unique visitors
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className={nameClassName}>
                  {row.name}
                </th>
                <td className={cell}>{number.format(row.views)}</td>
                <td className={cell}>{number.format(row.uniqueVisitors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** /admin/page-views: first-party analytics, per day and per page. */
export function AdminPageViews() {
  const [days, setDays] = useState<number>(30);
  const selectId = useId();
  const query = useAdminPageViews(days);
  const data = query.data;

  return (
    <div className="flex flex-col gap-4">
      <AdminPageHeader
        title="Page views"
        description="From Townhall's own counter: no cookies; a visitor is counted once a day (UTC)."
      >
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm font-medium">
            Period
          </label>
          <select
            id={selectId}
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {PERIODS.map((period) => (
              <option key={period} value={period}>
                Last {period} days
              </option>
            ))}
          </select>
        </div>
      </AdminPageHeader>

      {query.isPending ? (
        <LoadingRegion label="Loading page views" className="grid gap-3">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-40 w-full" />
        </LoadingRegion>
      ) : query.isError ? (
        <LoadError title="Could not load the page views" error={query.error} onRetry={() => void query.refetch()} />
      ) : data ? (
        <div className="flex flex-col gap-6" aria-busy={query.isFetching || undefined}>
          <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
            <Stat label="Views" value={data.totals.views} />
            <Stat label="Visitors (per day, added up)" value={data.totals.uniqueVisitors} />
          </dl>
          {data.totals.views === 0 ? (
            <EmptyState
              kind="data"
              title="No page views"
              description="Nobody opened a page in this period."
              icon={<BarChart3 />}
            />
          ) : (
            <>
              <ViewsTable
                id={`${selectId}-days`}
                title="Views per day"
                label="Views per day, as a table"
                caption={`Views and unique visitors per day, ${formatDay(data.from)} to ${formatDay(data.to)}`}
                firstColumn="Day"
                nameClassName="px-3 py-2 text-left font-normal whitespace-nowrap"
                isLong
                rows={[...data.perDay].reverse().map((day) => ({
                  key: day.date,
                  name: <time dateTime={day.date}>{formatDay(day.date)}</time>,
                  views: day.views,
                  uniqueVisitors: day.uniqueVisitors,
                }))}
              >
                <DayBars perDay={data.perDay} />
              </ViewsTable>
              <ViewsTable
                id={`${selectId}-pages`}
                title="Top pages"
                label="Top pages, as a table"
                caption="The most viewed pages of the period"
                firstColumn="Page"
                nameClassName="max-w-xs truncate px-3 py-2 text-left font-normal"
                rows={data.topPages.map((page) => ({
                  key: page.path,
                  name: (
                    <a href={page.path} className="text-link hover:underline">
                      {page.path}
                    </a>
                  ),
                  views: page.views,
                  uniqueVisitors: page.uniqueVisitors,
                }))}
              />
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
