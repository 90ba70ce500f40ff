// What other features use of the calendar feeds; everything else in this folder is the feature's own.

// one session's .ics file (the sessions feature serves it) is written as the feeds' events are
export { loadSessionEvent } from './events.ts';
export { calendarDocument, escapeIcsText, foldIcsLine, icsTime, type CalendarEvent } from './icalendar.ts';
