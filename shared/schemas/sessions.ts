import { z } from 'zod';

import { SESSION_LIMITS, SESSION_MESSAGES } from '#shared/constants/session-messages.ts';

import { GroupPersonSchema } from './groups.ts';
import { LIVE_PRESENCE_STATUSES, type LivePresenceStatus } from '#shared/constants/live.ts';

export const SESSION_STATUSES = ['scheduled', 'live', 'ended'] as const;
export const SessionStatusSchema = z.enum(SESSION_STATUSES);
export type SessionStatus = z.infer<typeof SessionStatusSchema>;

/** An AMA session ("event") of an ama group. */
export const AmaSessionSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  group: z.object({ id: z.string(), slug: z.string(), name: z.string(), groupImage: z.string() }),
  host: GroupPersonSchema,
  title: z.string(),
  description: z.string(),
  /** ISO time the host planned to start. */
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  /** startsAt + durationMinutes (or endedAt once ended). */
  endsAt: z.string(),
  status: SessionStatusSchema,
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Questions asked for this session (visible ones). */
  questionCount: z.number().int(),
  createdAt: z.string(),
});
export type AmaSession = z.infer<typeof AmaSessionSchema>;

const TitleSchema = z
  .string()
  .trim()
  .min(SESSION_LIMITS.titleMin, SESSION_MESSAGES.titleTooShort)
  .max(SESSION_LIMITS.titleMax, SESSION_MESSAGES.titleTooLong);
const DescriptionSchema = z.string().trim().max(SESSION_LIMITS.descriptionMax, SESSION_MESSAGES.descriptionTooLong);
const DurationSchema = z
  .number({ error: SESSION_MESSAGES.durationRange })
  .int(SESSION_MESSAGES.durationRange)
  .min(SESSION_LIMITS.durationMin, SESSION_MESSAGES.durationRange)
  .max(SESSION_LIMITS.durationMax, SESSION_MESSAGES.durationRange);
/** An ISO date-time with its offset, no earlier than a few minutes ago. */
const StartsAtSchema = z
  .string({ error: SESSION_MESSAGES.startsAtInvalid })
  .pipe(z.iso.datetime({ offset: true, error: SESSION_MESSAGES.startsAtInvalid }))
  .refine((value) => isStartAllowed(value), SESSION_MESSAGES.startsAtPast);

/** Whether a start time is not further in the past than the tolerance allows. */
export function isStartAllowed(value: string, now = Date.now()): boolean {
  const time = Date.parse(value);
  return Number.isFinite(time) && time >= now - SESSION_LIMITS.pastToleranceMinutes * 60_000;
}

/** Body of POST /api/groups/:groupId/sessions. */
export const SessionInputSchema = z.strictObject({
  title: TitleSchema,
  description: DescriptionSchema.default(''),
  startsAt: StartsAtSchema,
  durationMinutes: DurationSchema,
});
export type SessionInput = z.input<typeof SessionInputSchema>;

/** Body of PATCH /api/sessions/:id: any of the fields. */
export const SessionUpdateInputSchema = z.strictObject({
  title: TitleSchema.optional(),
  description: DescriptionSchema.optional(),
  startsAt: StartsAtSchema.optional(),
  durationMinutes: DurationSchema.optional(),
});
export type SessionUpdateInput = z.input<typeof SessionUpdateInputSchema>;

export const SessionResponseSchema = z.object({ session: AmaSessionSchema });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

export const SESSION_VIEWS = ['upcoming', 'live', 'past'] as const;
export type SessionView = (typeof SESSION_VIEWS)[number];

/** GET /api/sessions?view&cursor: upcoming (soonest first), live, past (latest first). */
export const SessionListQuerySchema = z.strictObject({
  view: z.enum(SESSION_VIEWS).default('upcoming'),
  cursor: z.string().max(300).optional(),
});
export const SessionListResponseSchema = z.object({
  sessions: z.array(AmaSessionSchema),
  nextCursor: z.string().nullable(),
});
export type SessionListResponse = z.infer<typeof SessionListResponseSchema>;

/** GET /api/sessions/:id/transcript?format. */
export const TranscriptQuerySchema = z.strictObject({ format: z.enum(['md', 'json']).default('md') });

/** The JSON transcript of a session. */
export const TranscriptSchema = z.object({
  session: AmaSessionSchema,
  questions: z.array(
    z.object({
      id: z.string(),
      body: z.string(),
      author: z.object({ username: z.string(), name: z.string() }),
      votes: z.number().int(),
      askedAt: z.string(),
      status: z.string(),
      answer: z.object({ body: z.string(), answeredAt: z.string() }).nullable(),
    }),
  ),
});
export type Transcript = z.infer<typeof TranscriptSchema>;

/**
 * Presence comes from the live channel: a connection watching `session:{id}` is a viewer, and
 * its client says `{"type":"presence","status":"away"|"online"}` when the page is hidden or shown.
 */
export const PRESENCE_STATUSES = LIVE_PRESENCE_STATUSES;
export type PresenceStatus = LivePresenceStatus;

/** GET /api/sessions/:id/viewers. */
export const ViewersResponseSchema = z.object({
  /** Who watches now: each signed-in person once, each signed-out connection once. */
  count: z.number().int(),
  people: z.array(GroupPersonSchema.extend({ status: z.enum(PRESENCE_STATUSES) })),
});
export type ViewersResponse = z.infer<typeof ViewersResponseSchema>;

// Defined in shared/constants (the client imports them without zod); re-exported for the server.
export { SESSION_LIVE_EVENTS, sessionTopic } from '#shared/constants/live.ts';
