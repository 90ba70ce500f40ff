import type { AmaSession, SessionStatus } from '#shared/schemas/sessions.ts';

/** The .ics download. */
export const calendarUrl = (sessionId: string) => `/api/sessions/${encodeURIComponent(sessionId)}/calendar.ics`;

/** The transcript download (the host's). */
export const transcriptUrl = (sessionId: string, format: 'md' | 'json') =>
  `/api/sessions/${encodeURIComponent(sessionId)}/transcript?format=${format}`;

export const STATUS_LABELS: Record<SessionStatus, string> = {
  scheduled: 'Upcoming',
  live: 'Live now',
  ended: 'Ended',
};

/** A time in the viewer's locale and time zone: 'Mar 4, 2026, 5:06 PM'. */
export function formatSessionTime(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** '1 h 30 min', '45 min'. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** When the session happens, in a line: its start and its length. */
export function sessionWhen(session: Pick<AmaSession, 'startsAt' | 'durationMinutes'>): string {
  return `${formatSessionTime(session.startsAt)} · ${formatDuration(session.durationMinutes)}`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO time as the value of an `<input type="datetime-local">`, in local time. */
export function toLocalInputValue(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The value of a datetime-local input (local time) as ISO, or '' when it is empty or invalid. */
export function fromLocalInputValue(value: string): string {
  if (!value) return '';
  const time = new Date(value).getTime();
  return Number.isFinite(time) ? new Date(time).toISOString() : '';
}
