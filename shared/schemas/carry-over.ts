import { z } from 'zod';
import { CARRY_MESSAGES, CARRY_TOP_MAX } from '#shared/constants/carry-over.ts';

/**
 * The API contract of carry-over: an ended session's open questions go to the group's next
 * session, or to its answer-later list when there is none (docs/live-qa/carry-over.md). Server
 * routes validate with these; the client types its answers with them (type-only imports,
 * decision 024).
 */

export { CARRY_MESSAGES, CARRY_TOP_MAX };

/** Body of POST /api/sessions/:sessionId/carry: the top N open questions (by votes, then oldest), or all of them. */
export const CarryInputSchema = z.strictObject({
  top: z
    .number({ error: CARRY_MESSAGES.topRange })
    .int(CARRY_MESSAGES.topRange)
    .min(1, CARRY_MESSAGES.topRange)
    .max(CARRY_TOP_MAX, CARRY_MESSAGES.topRange)
    .optional()
    .describe('How many of the open questions to carry, the most voted first; all of them when absent'),
});
export type CarryInput = z.infer<typeof CarryInputSchema>;

/** Where carried questions go: the group's next session (scheduled or live), or null for the answer-later list. */
export const CarryTargetSchema = z
  .object({ id: z.string(), title: z.string(), startsAt: z.string() })
  .nullable()
  .describe("The group's next session; null: the answer-later list");
export type CarryTarget = z.infer<typeof CarryTargetSchema>;

/** Answer of POST /api/sessions/:sessionId/carry. */
export const CarryResponseSchema = z.object({
  /** How many questions moved (0 when none were left open). */
  carried: z.number().int(),
  toSession: CarryTargetSchema,
});
export type CarryResponse = z.infer<typeof CarryResponseSchema>;

/** Answer of GET /api/sessions/:sessionId/carry: what a carry would move now, and where. */
export const CarryPreviewResponseSchema = z.object({
  /** The session's open questions: not answered, hidden, pending or merged. */
  open: z.number().int(),
  toSession: CarryTargetSchema,
});
export type CarryPreviewResponse = z.infer<typeof CarryPreviewResponseSchema>;

/** Answer of POST /api/groups/:groupId/answer-later/clear. */
export const AnswerLaterClearResponseSchema = z.object({
  /** How many questions left the answer-later list (they stay open questions of the group). */
  cleared: z.number().int(),
});
export type AnswerLaterClearResponse = z.infer<typeof AnswerLaterClearResponseSchema>;
