import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { queueKeys } from '#client/features/content/api/query-keys.ts';
import { api } from '#client/lib/api-client.ts';
import { retryRead } from '#client/lib/retry-read.ts';
import type { CarryPreviewResponse, CarryResponse, CarryTarget } from '#shared/schemas/carry-over.ts';

import { sessionKeys } from './query-keys.ts';

/** GET /api/sessions/:id/carry: the session's open questions now, and where a carry would take them. */
export type CarryPreview = CarryPreviewResponse;
/** POST /api/sessions/:id/carry: how many moved, and where. */
export type CarryResult = CarryResponse;
export type { CarryTarget };

const carryUrl = (sessionId: string) => `/api/sessions/${encodeURIComponent(sessionId)}/carry`;

/** GET /api/sessions/:id/carry. */
export function getCarryPreview(sessionId: string, { signal }: { signal?: AbortSignal } = {}): Promise<CarryPreview> {
  return api.get<CarryPreview>(carryUrl(sessionId), { signal });
}

/** POST /api/sessions/:id/carry: the top `top` questions by votes, or all of them. */
export function carryQuestions(sessionId: string, top?: number): Promise<CarryResult> {
  return api.post<CarryResult>(carryUrl(sessionId), top === undefined ? {} : { top });
}

export function carryPreviewQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: sessionKeys.carry(sessionId),
    queryFn: ({ signal }) => getCarryPreview(sessionId, { signal }),
    retry: retryRead,
  });
}

/** What carrying the session's open questions over would move now, and where. */
export function useCarryPreview(sessionId: string) {
  return useQuery(carryPreviewQueryOptions(sessionId));
}

/** Carries questions over; the queue, the sessions and the previews read again (the live event does it for everyone else). */
export function useCarryQuestions(session: { id: string; groupId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (top?: number) => carryQuestions(session.id, top),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: sessionKeys.carries() });
      // both sessions' question counts changed
      void queryClient.invalidateQueries({ queryKey: sessionKeys.detail(session.id) });
      if (result.toSession) void queryClient.invalidateQueries({ queryKey: sessionKeys.detail(result.toSession.id) });
      void queryClient.invalidateQueries({ queryKey: queueKeys.lists(session.groupId) });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.group(session.groupId) });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.ledgerTotals(session.id) });
    },
  });
}
