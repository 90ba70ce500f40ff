import { z } from 'zod';

/** The texts of the digest schedule, the same on both sides. */
export const DIGEST_SCHEDULE_MESSAGES = {
  invalidTimeZone: 'That time zone is not one Townhall knows: choose one from the list, such as Europe/Paris.',
  saved: 'Your weekly digest will come at the new time.',
  notSaved: 'Your digest schedule was not saved',
} as const;

/** The default schedule of a new account: Mondays at 08:00 UTC. */
export const DEFAULT_DIGEST_SCHEDULE = { weekday: 1, hour: 8, timeZone: 'UTC' } as const;

/**
 * Whether the runtime knows `timeZone` as an IANA name ('Europe/Paris', 'UTC'). Intl throws a
 * RangeError for any other.
 */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** When a person's weekly digest comes: a day and an hour in their time zone. */
export const DigestScheduleSchema = z.strictObject({
  /** 0 Sunday, 1 Monday … 6 Saturday. */
  weekday: z
    .int()
    .min(0, 'The day must be 0 (Sunday) to 6 (Saturday).')
    .max(6, 'The day must be 0 (Sunday) to 6 (Saturday).')
    .describe('The day of the week: 0 Sunday, 1 Monday … 6 Saturday')
    .meta({ examples: [1] }),
  /** 0 to 23, on the hour. */
  hour: z
    .int()
    .min(0, 'The hour must be 0 to 23.')
    .max(23, 'The hour must be 0 to 23.')
    .describe('The hour, 0 to 23, in the time zone')
    .meta({ examples: [8] }),
  /** An IANA time zone name. */
  timeZone: z
    .string()
    .min(1, DIGEST_SCHEDULE_MESSAGES.invalidTimeZone)
    .max(64, DIGEST_SCHEDULE_MESSAGES.invalidTimeZone)
    .describe('An IANA time zone name, such as Europe/Paris or UTC')
    .meta({ examples: ['Europe/Paris'] }),
});
export type DigestSchedule = z.infer<typeof DigestScheduleSchema>;

/** Answer of GET and PUT /api/me/digest-schedule. */
export const DigestScheduleResponseSchema = z.object({ digestSchedule: DigestScheduleSchema });
export type DigestScheduleResponse = z.infer<typeof DigestScheduleResponseSchema>;
