import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';
import type { CalendarEvent } from './icalendar.ts';

/**
 * What a feed holds: every session of its groups from 90 days ago on (upcoming and recent, so a
 * calendar keeps the sessions people went to), and the tombstone of each deleted session in the
 * same window (STATUS:CANCELLED, so a calendar that holds the event cancels it; it stays until
 * 90 days after the start it had). At most 500 events, earliest start first.
 */
export const FEED_WINDOW_DAYS = 90;
export const FEED_EVENT_LIMIT = 500;

interface EventRow {
  id: string;
  title: string;
  description: string;
  group_name: string;
  starts_at: Date;
  duration_minutes: number;
  sequence: number;
  last_modified: Date;
  created: Date | null;
  is_cancelled: boolean;
  [key: string]: unknown;
}

const toEvent = (row: EventRow): CalendarEvent => ({
  id: row.id,
  title: row.title,
  description: row.description,
  groupName: row.group_name,
  startsAt: new Date(row.starts_at),
  durationMinutes: row.duration_minutes,
  sequence: row.sequence,
  lastModified: new Date(row.last_modified),
  created: row.created ? new Date(row.created) : undefined,
  status: row.is_cancelled ? 'CANCELLED' : 'CONFIRMED',
});

/** One session's event, or null when there is no such session (a malformed id included). */
export async function loadSessionEvent(db: Queryable, sessionId: string): Promise<CalendarEvent | null> {
  if (!isUuid(sessionId)) return null;
  const result = await db.execute<EventRow>(sql`
    select s.id, s.title, s.description, g.name as group_name, s.starts_at, s.duration_minutes,
           s.calendar_sequence as sequence, s.calendar_changed_at as last_modified, s.created_at as created,
           false as is_cancelled
      from ama_sessions s
      join groups g on g.id = s.group_id
     where s.id = ${sessionId}`);
  const [row] = result.rows;
  return row ? toEvent(row) : null;
}

/** A feed's events and when the newest of them (or its groups' names) last changed. */
export interface FeedEvents {
  events: CalendarEvent[];
  /** The latest LAST-MODIFIED of the events or of their groups (null for an empty feed). */
  lastModified: Date | null;
}

/**
 * The events of the groups `groupIds` selects (a subquery of group ids), in the feed's window:
 * sessions and the tombstones of deleted ones, earliest start first, at most FEED_EVENT_LIMIT.
 * One statement, read only: it writes nothing and locks nothing.
 */
export async function loadFeedEvents(db: Queryable, groupIds: SQL, now: Date = new Date()): Promise<FeedEvents> {
  const since = new Date(now.getTime() - FEED_WINDOW_DAYS * 24 * 60 * 60_000);
  const result = await db.execute<EventRow & { group_updated_at: Date }>(sql`
    select * from (
      select s.id, s.title, s.description, g.name as group_name, s.starts_at, s.duration_minutes,
             s.calendar_sequence as sequence, s.calendar_changed_at as last_modified, s.created_at as created,
             false as is_cancelled, g.updated_at as group_updated_at
        from ama_sessions s
        join groups g on g.id = s.group_id
       where s.group_id in (${groupIds}) and s.starts_at >= ${since}
      union all
      select c.id, c.title, '' as description, g.name as group_name, c.starts_at, c.duration_minutes,
             c.calendar_sequence as sequence, c.cancelled_at as last_modified, null as created,
             true as is_cancelled, g.updated_at as group_updated_at
        from cancelled_sessions c
        join groups g on g.id = c.group_id
       where c.group_id in (${groupIds}) and c.starts_at >= ${since}
    ) as events
    order by starts_at, id
    limit ${FEED_EVENT_LIMIT}`);
  let lastModified: Date | null = null;
  for (const row of result.rows) {
    for (const time of [new Date(row.last_modified), new Date(row.group_updated_at)]) {
      if (lastModified === null || time > lastModified) lastModified = time;
    }
  }
  return { events: result.rows.map(toEvent), lastModified };
}
