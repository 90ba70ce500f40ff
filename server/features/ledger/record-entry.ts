import { groupTopic, LEDGER_LIVE_EVENTS } from '#shared/constants/live.ts';
import type { LedgerAction, LedgerHideReason, LedgerRole } from '#shared/constants/ledger.ts';
import type { Transaction } from '../../db/client.ts';
import { moderationLedger } from '../../db/schema/index.ts';
import type { TransactionContext } from '../../plugins/live.ts';

/** One moderation of a question as the public ledger records it. */
export interface LedgerEntryInput {
  groupId: string;
  /** The question's AMA session, if it has one. */
  sessionId: string | null;
  questionId: string;
  action: LedgerAction;
  /** Why it was hidden: 'hidden' entries only (required there). */
  reason?: LedgerHideReason;
  role: LedgerRole;
}

/**
 * Writes entries of the moderation ledger in the moderation's own transaction (they exist only if
 * it commits) and tells the group's watchers, so open ledgers refetch. Nothing of the question but
 * its id is kept.
 */
export async function recordLedgerEntries(
  tx: Transaction,
  emit: TransactionContext['emit'],
  entries: LedgerEntryInput[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(moderationLedger).values(
    entries.map((entry) => ({
      groupId: entry.groupId,
      sessionId: entry.sessionId,
      questionId: entry.questionId,
      action: entry.action,
      reason: entry.action === 'hidden' ? (entry.reason ?? 'other') : null,
      role: entry.role,
    })),
  );
  const [first] = entries;
  if (!first) return;
  const sessionIds = new Set(entries.map((entry) => entry.sessionId));
  const sessionId = sessionIds.size === 1 ? first.sessionId : null;
  emit({
    topic: groupTopic(first.groupId),
    event: LEDGER_LIVE_EVENTS.entryAdded,
    ids: { groupId: first.groupId, ...(sessionId ? { sessionId } : {}) },
  });
}
