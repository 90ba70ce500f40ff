import { z } from 'zod';

/**
 * The API contract of a person's private calendar feed (GET, POST and DELETE
 * /api/me/calendar-feed): the secret address of the feed of every session of their groups.
 */

/** The feed's address (null when the person has none, or turned it off) and when it was made. */
export const CalendarFeedResponseSchema = z
  .object({
    /** `https://…/calendar/{token}.ics`: whoever has it reads the feed, so it is shown to its owner only. */
    url: z.string().nullable(),
    createdAt: z.iso.datetime().nullable(),
  })
  .meta({
    examples: [
      {
        url: 'https://townhall.example/calendar/jzDTf4VwyKjLorz_w4RBaf3U9-3upITGvyjQLfldqr0.ics',
        createdAt: '2026-11-27T14:30:00.000Z',
      },
    ],
  });
export type CalendarFeedResponse = z.infer<typeof CalendarFeedResponseSchema>;
