import { z } from 'zod';
import { LEDGER_ACTIONS, LEDGER_HIDE_REASONS, LEDGER_ROLES } from '#shared/constants/ledger.ts';

/**
 * The API contract of the public moderation ledger (GET /api/groups/:groupId/ledger and
 * GET /api/sessions/:sessionId/ledger): what was done to which question, why it was hidden, when
 * and in which role. It never carries a question's text, its author or the moderator's identity.
 */

export const LedgerActionSchema = z.enum(LEDGER_ACTIONS);
export const LedgerHideReasonSchema = z.enum(LEDGER_HIDE_REASONS);
export const LedgerRoleSchema = z.enum(LEDGER_ROLES);

export const LedgerEntrySchema = z.object({
  id: z.string(),
  action: LedgerActionSchema,
  /** Why it was hidden: only on 'hidden' entries, null on the others. */
  reason: LedgerHideReasonSchema.nullable(),
  /** The moderator's role, never who they are. */
  role: LedgerRoleSchema,
  createdAt: z.iso.datetime(),
  /** The AMA session the question belonged to when the entry was written, if any. */
  sessionId: z.string().nullable(),
  question: z.object({
    id: z.string(),
    /**
     * Whether the reader may open the question now (it exists and is neither hidden nor pending,
     * or the reader is its author or the host): the client links to it only then.
     */
    isVisible: z.boolean(),
  }),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

/** Query of both ledgers: newest first; pass `nextCursor` as `cursor` for the next page. */
export const LedgerQuerySchema = z.strictObject({
  cursor: z.string().max(300).optional(),
});

export const GroupLedgerResponseSchema = z.object({
  entries: z.array(LedgerEntrySchema),
  nextCursor: z.string().nullable(),
});
export type GroupLedgerResponse = z.infer<typeof GroupLedgerResponseSchema>;

/**
 * A session's totals, on every page of its ledger: asked (its questions now, with those the host
 * rejected or removed; not those their author deleted), answered, hidden (now), merged and
 * carried over (ledger entries).
 */
export const LedgerTotalsSchema = z.object({
  asked: z.number().int(),
  answered: z.number().int(),
  hidden: z.number().int(),
  merged: z.number().int(),
  carriedOver: z.number().int(),
});
export type LedgerTotals = z.infer<typeof LedgerTotalsSchema>;

export const SessionLedgerResponseSchema = GroupLedgerResponseSchema.extend({ totals: LedgerTotalsSchema });
export type SessionLedgerResponse = z.infer<typeof SessionLedgerResponseSchema>;
