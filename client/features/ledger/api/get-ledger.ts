import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import { retryRead } from '#client/lib/retry-read.ts';
import { useLiveTopic } from '#client/lib/use-live-topic.ts';
import { LEDGER_LIVE_EVENTS, groupTopic } from '#shared/constants/live.ts';
import type { GroupLedgerResponse, SessionLedgerResponse } from '#shared/schemas/ledger.ts';

/** Query keys of the moderation ledgers. */
export const ledgerKeys = {
  all: ['ledger'] as const,
  group: (groupId: string) => [...ledgerKeys.all, 'group', groupId] as const,
  session: (sessionId: string) => [...ledgerKeys.all, 'session', sessionId] as const,
};

const withCursor = (path: string, cursor: string | null) =>
  cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path;

/** GET /api/groups/:groupId/ledger, newest first, page by page. */
export function useGroupLedger(groupId: string | undefined) {
  return useInfiniteQuery({
    queryKey: ledgerKeys.group(groupId ?? ''),
    enabled: groupId !== undefined,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.get<GroupLedgerResponse>(withCursor(`/api/groups/${encodeURIComponent(groupId ?? '')}/ledger`, pageParam), {
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
    retry: retryRead,
  });
}

/** GET /api/sessions/:sessionId/ledger, newest first, with the session's totals on every page. */
export function useSessionLedger(sessionId: string) {
  return useInfiniteQuery({
    queryKey: ledgerKeys.session(sessionId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.get<SessionLedgerResponse>(withCursor(`/api/sessions/${encodeURIComponent(sessionId)}/ledger`, pageParam), {
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
    retry: retryRead,
  });
}

/**
 * Keeps an open ledger current: each entry added to the group's ledger ('ledger.added' on the
 * group's topic) reads the group's ledger and its sessions' again, and so does a channel that
 * was down for a while.
 */
export function useLedgerLiveUpdates(groupId: string | undefined): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ledgerKeys.all });
  useLiveTopic(
    groupId ? groupTopic(groupId) : null,
    (event) => {
      if (event.event === LEDGER_LIVE_EVENTS.entryAdded) refresh();
    },
    refresh,
  );
}
