import { SESSION_MESSAGES } from '#shared/constants/session-messages.ts';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { calendarDocument, loadSessionEvent } from '../calendar-feeds/public.ts';

/**
 * The .ics of one session: a VCALENDAR (METHOD:PUBLISH) with its one VEVENT, with the same UID,
 * SEQUENCE and LAST-MODIFIED as in the group and personal feeds, so a calendar that imported the
 * file and subscribes to a feed holds one event. 404 when there is no such session.
 */
export async function sessionCalendar(options: {
  db: Queryable;
  sessionId: string;
  publicUrl: string;
  now?: Date;
}): Promise<{ title: string; body: string }> {
  const event = await loadSessionEvent(options.db, options.sessionId);
  if (!event) throw notFound(SESSION_MESSAGES.notFound);
  return {
    title: event.title,
    body: calendarDocument({ publicUrl: options.publicUrl, events: [event], now: options.now }),
  };
}
