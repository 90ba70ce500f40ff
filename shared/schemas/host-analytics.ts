import { z } from 'zod';

/**
 * The API contract of host analytics (GET /api/sessions/:sessionId/analytics and
 * GET /api/groups/:groupId/analytics, and their .csv twins): figures a host and the
 * administrators read about a session or a whole group. The top questions carry no author at
 * all, so an anonymous question's asker cannot leak through them; hidden questions are counted,
 * never listed.
 */

/** How many watched a session page at one minute (a row of session_viewer_samples). */
export const ViewerSampleSchema = z.object({
  at: z.iso.datetime(),
  viewers: z.number().int(),
});
export type ViewerSample = z.infer<typeof ViewerSampleSchema>;

/** One of the most voted visible questions (never hidden, pending or merged away; never its author). */
export const TopQuestionSchema = z.object({
  id: z.string(),
  body: z.string(),
  likeCount: z.number().int(),
  status: z.enum(['open', 'answered']),
  isAnswered: z.boolean(),
  /** Asked anonymously: the page says "Anonymous" (no question here carries its author). */
  isAnonymous: z.boolean(),
});
export type TopQuestion = z.infer<typeof TopQuestionSchema>;

/** The headline figures, the same for a session and for a group. */
export const AnalyticsFiguresSchema = z.object({
  /** Questions asked (pending, hidden and merged ones included; not those deleted). */
  asked: z.number().int(),
  /** Of those, answered. */
  answered: z.number().int(),
  /** answered / asked, 0..1; null when none was asked. */
  shareAnswered: z.number().min(0).max(1).nullable(),
  /** Median of answered_at − created_at over the answered ones, in seconds; null when none. */
  medianSecondsToAnswer: z.number().nullable(),
  /** Hidden now (counted in asked, never listed). */
  hidden: z.number().int(),
  /** Votes on the questions that were not merged away (a merge pools its votes, each person once). */
  votes: z.number().int(),
  /** Different people who asked. */
  uniqueAskers: z.number().int(),
  /** Different people who voted for any of the questions. */
  uniqueVoters: z.number().int(),
  /** The most viewers sampled at one minute, the earliest such minute; null before any sample. */
  peak: ViewerSampleSchema.nullable(),
  /** The 5 most voted visible questions, most votes first (older first on a tie). */
  topQuestions: z.array(TopQuestionSchema),
});
export type AnalyticsFigures = z.infer<typeof AnalyticsFiguresSchema>;

const SessionStatusSchema = z.enum(['scheduled', 'live', 'ended']);

export const SessionAnalyticsResponseSchema = z.object({
  session: z.object({
    id: z.string(),
    title: z.string(),
    status: SessionStatusSchema,
    startsAt: z.iso.datetime(),
    startedAt: z.iso.datetime().nullable(),
    endedAt: z.iso.datetime().nullable(),
    group: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  }),
  figures: AnalyticsFiguresSchema,
  /** Viewers each sampled minute while it was live, oldest first. */
  viewers: z.array(ViewerSampleSchema),
});
export type SessionAnalyticsResponse = z.infer<typeof SessionAnalyticsResponseSchema>;

/** One session of the group, with its own counts. */
export const SessionAnalyticsRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: SessionStatusSchema,
  startsAt: z.iso.datetime(),
  asked: z.number().int(),
  answered: z.number().int(),
  /** Its most viewers at one sampled minute; null when it was never sampled. */
  peakViewers: z.number().int().nullable(),
});
export type SessionAnalyticsRow = z.infer<typeof SessionAnalyticsRowSchema>;

export const GroupAnalyticsResponseSchema = z.object({
  group: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  /** Over all the group's questions, its sessions' and the others; the peak over all its sessions. */
  figures: AnalyticsFiguresSchema,
  /** Its sessions, newest start first, at most 50. */
  sessions: z.array(SessionAnalyticsRowSchema),
});
export type GroupAnalyticsResponse = z.infer<typeof GroupAnalyticsResponseSchema>;
