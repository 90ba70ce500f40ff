import type { SessionView } from '#shared/schemas/sessions.ts';

/** Query keys of AMA sessions. */
export const sessionKeys = {
  all: ['sessions'] as const,
  /** The /events lists, every view. */
  lists: () => [...sessionKeys.all, 'list'] as const,
  list: (view: SessionView) => [...sessionKeys.lists(), view] as const,
  group: (groupId: string) => [...sessionKeys.all, 'group', groupId] as const,
  detail: (sessionId: string) => [...sessionKeys.all, 'detail', sessionId] as const,
  viewers: (sessionId: string) => [...sessionKeys.all, 'viewers', sessionId] as const,
  /** What carrying a session's open questions over would move, and where (every session's under `carries()`). */
  carries: () => [...sessionKeys.all, 'carry'] as const,
  carry: (sessionId: string) => [...sessionKeys.carries(), sessionId] as const,
  /** A session's ledger totals (every session's under `ledgerTotalsAll()`). */
  ledgerTotalsAll: () => [...sessionKeys.all, 'ledger-totals'] as const,
  ledgerTotals: (sessionId: string) => [...sessionKeys.ledgerTotalsAll(), sessionId] as const,
};
