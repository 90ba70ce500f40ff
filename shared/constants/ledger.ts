/**
 * The public moderation ledger of a group's question queue: what the host (or
 * an administrator) did to a question, why when it was hidden, and in which role. The server's
 * table, its zod contract and the client's words all read these lists.
 */

/**
 * What an entry records. 'removed': the host deleted someone else's question that others had seen,
 * or an administrator removed one ('rejected' when it was still waiting for approval). 'merged'
 * and 'unmerged' (its undo) are written by merging, 'carried' by carry-over, 'edited' by the
 * host's edit of a question.
 */
export const LEDGER_ACTIONS = [
  'hidden',
  'unhidden',
  'approved',
  'rejected',
  'removed',
  'edited',
  'merged',
  'unmerged',
  'carried',
] as const;
export type LedgerAction = (typeof LEDGER_ACTIONS)[number];

/**
 * Why a question was hidden: the host picks one (a hide without one is 'other'). There is no free
 * text on purpose: a note could quote what was hidden, and the ledger never shows hidden text.
 */
export const LEDGER_HIDE_REASONS = [
  'off_topic',
  'duplicate',
  'abusive',
  'spam',
  'personal_information',
  'answered_elsewhere',
  'other',
] as const;
export type LedgerHideReason = (typeof LEDGER_HIDE_REASONS)[number];

/** The moderator's role, never who they are: 'author' when an asker merged their own question. */
export const LEDGER_ROLES = ['host', 'admin', 'author'] as const;
export type LedgerRole = (typeof LEDGER_ROLES)[number];

/** Words people read, per action, reason and role. */
export const LEDGER_ACTION_LABELS: Record<LedgerAction, string> = {
  hidden: 'Hidden',
  unhidden: 'Shown again',
  approved: 'Approved',
  rejected: 'Rejected',
  removed: 'Removed',
  edited: 'Edited',
  merged: 'Merged',
  unmerged: 'Merge undone',
  carried: 'Carried over',
};
export const LEDGER_REASON_LABELS: Record<LedgerHideReason, string> = {
  off_topic: 'Off topic',
  duplicate: 'Duplicate',
  abusive: 'Abusive',
  spam: 'Spam',
  personal_information: 'Personal information',
  answered_elsewhere: 'Answered elsewhere',
  other: 'Other',
};
export const LEDGER_ROLE_LABELS: Record<LedgerRole, string> = {
  host: 'Host',
  admin: 'Administrator',
  author: 'Asker',
};

/** Entries of a ledger page. */
export const LEDGER_PAGE_SIZE = 50;
