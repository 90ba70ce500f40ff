/** How host analytics figures read on the page: counts, shares, durations and sample times. */

const number = new Intl.NumberFormat();

export const formatCount = (value: number) => number.format(value);

/** 0..1 as a whole percentage ("67%"); a dash when nothing was asked. */
export function formatShare(share: number | null): string {
  return share === null ? '–' : `${String(Math.round(share * 100))}%`;
}

/** Seconds as the two largest units that matter: "45 s", "2 min 5 s", "3 h 12 min", "2 d 4 h"; a dash for none. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '–';
  const total = Math.round(seconds);
  if (total < 60) return `${String(total)} s`;
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return total % 60 ? `${String(minutes)} min ${String(total % 60)} s` : `${String(minutes)} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${String(hours)} h ${String(minutes % 60)} min` : `${String(hours)} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${String(days)} d ${String(hours % 24)} h` : `${String(days)} d`;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A sampled minute, as the reader's clock shows it. */
export const formatMinute = (iso: string) => timeFormat.format(new Date(iso));
/** A session's start or a peak's time, with its date. */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
