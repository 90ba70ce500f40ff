import { z } from 'zod';
import { DIGEST_SCHEDULE_MESSAGES } from '#shared/constants/digest-schedule.ts';

export {
  DIGEST_SCHEDULE_MESSAGES,
  DEFAULT_DIGEST_SCHEDULE,
  isKnownTimeZone,
} from '#shared/constants/digest-schedule.ts';

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
