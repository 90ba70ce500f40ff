import type { AmaSession } from '#shared/schemas/sessions.ts';

/** A time as an iCalendar UTC DATE-TIME: 20260102T030405Z. */
export function icsTime(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A TEXT value escaped per RFC 5545 §3.3.11: backslash, semicolon, comma and newlines. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
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

/** The .ics of one session: a VCALENDAR with one VEVENT, CRLF line endings. */
export function sessionCalendar(session: AmaSession, options: { publicUrl: string; now?: Date }): string {
  const url = `${options.publicUrl}/event/${session.id}`;
  const host = new URL(options.publicUrl).host;
  const end = new Date(new Date(session.startsAt).getTime() + session.durationMinutes * 60_000).toISOString();
  const description = [session.description, `Ask your questions: ${url}`].filter(Boolean).join('\n\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Townhall//AMA sessions//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:session-${session.id}@${host}`,
    `DTSTAMP:${icsTime((options.now ?? new Date()).toISOString())}`,
    `DTSTART:${icsTime(session.startsAt)}`,
    `DTEND:${icsTime(end)}`,
    `SUMMARY:${escapeIcsText(session.title)}`,
    `DESCRIPTION:${escapeIcsText(description)}`,
    `LOCATION:${escapeIcsText(`${session.group.name} on Townhall`)}`,
    `URL:${url}`,
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
