/**
 * The iCalendar (RFC 5545) writer of every calendar Townhall serves: one session's file, a
 * group's feed and a person's private feed. Times are UTC, so no VTIMEZONE is needed.
 */

/** A time as an iCalendar UTC DATE-TIME: 20260102T030405Z. */
export function icsTime(time: string | Date): string {
  return new Date(time)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A TEXT value escaped per RFC 5545 §3.3.11: backslash, semicolon, comma and newlines. */
export function escapeIcsText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // other control characters are not allowed in a content line (§3.1): dropped
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/**
 * A content line folded at 75 octets (RFC 5545 §3.1): continuation lines start with one space,
 * which counts toward their 75. Never splits a UTF-8 character.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let currentBytes = 0;
  for (const char of line) {
    const bytes = Buffer.byteLength(char, 'utf8');
    const max = parts.length === 0 ? 75 : 74;
    if (currentBytes + bytes > max) {
      parts.push(current);
      current = '';
      currentBytes = 0;
    }
    current += char;
    currentBytes += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** One AMA session as a calendar event: a session that exists, or the tombstone of a deleted one. */
export interface CalendarEvent {
  id: string;
  title: string;
  /** The session's description ('' for none; a tombstone keeps none). */
  description: string;
  groupName: string;
  startsAt: Date;
  durationMinutes: number;
  /** SEQUENCE: raised by a trigger whenever what the event shows changes, and once more when it is deleted. */
  sequence: number;
  /** LAST-MODIFIED: when what the event shows last changed (for a tombstone, when it was deleted). */
  lastModified: Date;
  /** CREATED, when known. */
  created?: Date | undefined;
  /** CANCELLED for a deleted session. */
  status: 'CONFIRMED' | 'CANCELLED';
}

/** The event's stable UID: the session's id at the site's host (what the single file has always used). */
export function eventUid(sessionId: string, publicUrl: string): string {
  return `session-${sessionId}@${new URL(publicUrl).host}`;
}

/** The lines of one VEVENT. */
function eventLines(event: CalendarEvent, options: { publicUrl: string; dtstamp: Date }): string[] {
  const url = `${options.publicUrl}/event/${event.id}`;
  const end = new Date(event.startsAt.getTime() + event.durationMinutes * 60_000);
  const isCancelled = event.status === 'CANCELLED';
  const description = isCancelled
    ? 'This session was cancelled.'
    : [event.description, `Ask your questions: ${url}`].filter(Boolean).join('\n\n');
  return [
    'BEGIN:VEVENT',
    `UID:${eventUid(event.id, options.publicUrl)}`,
    `DTSTAMP:${icsTime(options.dtstamp)}`,
    ...(event.created ? [`CREATED:${icsTime(event.created)}`] : []),
    `LAST-MODIFIED:${icsTime(event.lastModified)}`,
    `SEQUENCE:${String(event.sequence)}`,
    `DTSTART:${icsTime(event.startsAt)}`,
    `DTEND:${icsTime(end)}`,
    `SUMMARY:${escapeIcsText(isCancelled ? `Cancelled: ${event.title}` : event.title)}`,
    `DESCRIPTION:${escapeIcsText(description)}`,
    `LOCATION:${escapeIcsText(`${event.groupName} on Townhall`)}`,
    // a URI value, not TEXT: not escaped (ids are uuids, the site's address is the operator's)
    `URL:${url}`,
    `STATUS:${event.status}`,
    // a cancelled event is not busy time
    ...(isCancelled ? ['TRANSP:TRANSPARENT'] : []),
    'END:VEVENT',
  ];
}

/** How often calendar apps should read a feed again (RFC 7986 REFRESH-INTERVAL and Outlook's X-PUBLISHED-TTL). */
export const FEED_REFRESH = 'PT1H';

/**
 * A whole VCALENDAR, CRLF line endings, every line folded.
 *
 * - A single file (`feed` absent) is METHOD:PUBLISH with DTSTAMP the time it is made, as RFC 5546
 *   says of a published object.
 * - A feed (`feed` given) has no METHOD, so DTSTAMP is each event's last revision (RFC 5545
 *   §3.8.7.2): the same feed gives the same bytes, and its ETag stays until something changes.
 *   It carries its name and how often to read it again.
 */
export function calendarDocument(options: {
  publicUrl: string;
  events: readonly CalendarEvent[];
  feed?: { name: string; description: string } | undefined;
  now?: Date | undefined;
}): string {
  const { publicUrl, feed } = options;
  const now = options.now ?? new Date();
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Townhall//AMA sessions//EN',
    'CALSCALE:GREGORIAN',
    ...(feed
      ? [
          `NAME:${escapeIcsText(feed.name)}`,
          `X-WR-CALNAME:${escapeIcsText(feed.name)}`,
          `DESCRIPTION:${escapeIcsText(feed.description)}`,
          `X-WR-CALDESC:${escapeIcsText(feed.description)}`,
          `REFRESH-INTERVAL;VALUE=DURATION:${FEED_REFRESH}`,
          `X-PUBLISHED-TTL:${FEED_REFRESH}`,
        ]
      : ['METHOD:PUBLISH']),
    ...options.events.flatMap((event) => eventLines(event, { publicUrl, dtstamp: feed ? event.lastModified : now })),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
