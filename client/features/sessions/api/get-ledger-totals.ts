import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import { retryRead } from '#client/lib/retry-read.ts';
import type { LedgerTotals, SessionLedgerResponse } from '#shared/schemas/ledger.ts';

import { sessionKeys } from './query-keys.ts';

/** GET /api/sessions/:id/ledger, its totals alone (asked, answered, hidden, merged, carried over). */
export async function getLedgerTotals(
  sessionId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LedgerTotals> {
  const answer = await api.get<SessionLedgerResponse>(`/api/sessions/${encodeURIComponent(sessionId)}/ledger`, {
    signal,
  });
  return answer.totals;
}

export function ledgerTotalsQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: sessionKeys.ledgerTotals(sessionId),
    queryFn: ({ signal }) => getLedgerTotals(sessionId, { signal }),
    retry: retryRead,
  });
}

/** A session's moderation totals; 'ledger.added' on the group's topic reads them again. */
export function useLedgerTotals(sessionId: string) {
  return useQuery(ledgerTotalsQueryOptions(sessionId));
}
