import { sql } from 'drizzle-orm';
import { PAGE_VIEW_TOP_PAGES, type AdminPageViews } from '#shared/schemas/admin-console.ts';
import type { Queryable } from '../../db/client.ts';
import { pageViews } from '../../db/schema/index.ts';

/**
 * Page views of the last `days` days (UTC), today included: every day of the window (zeros
 * where there were none) and the most viewed pages. Reads through the viewed_at index.
 */
export async function summarizePageViews(db: Queryable, days: number): Promise<AdminPageViews> {
  const today = sql`(now() at time zone 'UTC')::date`;
  const firstDay = sql`(${today} - ${days - 1}::int)`;
  const start = sql`(${firstDay}::timestamp at time zone 'UTC')`;
  const inWindow = sql`${pageViews.viewedAt} >= ${start}`;

  const perDay = await db.execute<{ date: string; views: number; unique_visitors: number }>(sql`
    with views as (
      select (${pageViews.viewedAt} at time zone 'UTC')::date as day, ${pageViews.visitorHash} as visitor
      from ${pageViews}
      where ${inWindow}
    )
    select to_char(day.day, 'YYYY-MM-DD') as date,
           count(views.day)::int as views,
           count(distinct views.visitor)::int as unique_visitors
    from generate_series(${firstDay}, ${today}, interval '1 day') as day(day)
    left join views on views.day = day.day::date
    group by day.day
    order by day.day`);

  const topPages = await db
    .select({
      path: pageViews.path,
      views: sql<number>`count(*)::int`,
      uniqueVisitors: sql<number>`count(distinct ${pageViews.visitorHash})::int`,
    })
    .from(pageViews)
    .where(inWindow)
    .groupBy(pageViews.path)
    .orderBy(sql`count(*) desc`, pageViews.path)
    .limit(PAGE_VIEW_TOP_PAGES);

  const [totals] = await db
    .select({
      views: sql<number>`count(*)::int`,
      uniqueVisitors: sql<number>`count(distinct (${pageViews.visitorHash}, (${pageViews.viewedAt} at time zone 'UTC')::date))::int`,
    })
    .from(pageViews)
    .where(inWindow);

  const dayRows = perDay.rows.map((row) => ({
    date: row.date,
    views: Number(row.views),
    uniqueVisitors: Number(row.unique_visitors),
  }));
  return {
    days,
    from: dayRows[0]?.date ?? '',
    to: dayRows.at(-1)?.date ?? '',
    totals: { views: totals?.views ?? 0, uniqueVisitors: totals?.uniqueVisitors ?? 0 },
    perDay: dayRows,
    topPages,
  };
}
