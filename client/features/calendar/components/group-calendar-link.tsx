import { CalendarPlus } from 'lucide-react';

import { webcalUrl } from '../webcal.ts';

const LINK =
  'inline-flex items-center gap-1.5 rounded-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline';

/** The path of a group's public calendar feed. */
export const groupCalendarPath = (slug: string) => `/group/${encodeURIComponent(slug)}/calendar.ics`;

/**
 * "Subscribe to calendar" for an AMA group: a webcal:// link that opens the person's calendar
 * app with the group's feed, and the plain https address for apps that take a URL (Google
 * Calendar's "From URL").
 */
export function GroupCalendarLink({ slug, origin = window.location.origin }: { slug: string; origin?: string }) {
  const url = `${origin}${groupCalendarPath(slug)}`;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <a href={webcalUrl(url)} className={LINK}>
        <CalendarPlus aria-hidden className="size-4" />
        Subscribe to calendar
      </a>
      <a href={url} className={`${LINK} text-xs`}>
        Feed address (.ics)
      </a>
    </span>
  );
}
