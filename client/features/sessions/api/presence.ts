import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '#client/lib/api-client.ts';
import { SESSION_LIMITS } from '#shared/constants/session-messages.ts';
import { ViewersResponseSchema, type PresenceStatus, type ViewersResponse } from '#shared/schemas/sessions.ts';

import { sessionKeys } from './query-keys.ts';

const base = (sessionId: string) => `/api/sessions/${encodeURIComponent(sessionId)}`;

/** POST /api/sessions/:id/presence: this page is open (a heartbeat). */
export async function sendPresence(sessionId: string, connectionId: string, status: PresenceStatus): Promise<void> {
  await api.post(`${base(sessionId)}/presence`, { connectionId, status }, z.unknown());
}

/**
 * POST /api/sessions/:id/presence/leave, with keepalive so it still goes while the page
 * unloads (sendBeacon cannot send JSON, which the API requires).
 */
export function leavePresence(sessionId: string, connectionId: string): void {
  void fetch(`${base(sessionId)}/presence/leave`, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ connectionId }),
  }).catch(() => undefined);
}

/** GET /api/sessions/:id/viewers. */
export function getViewers(sessionId: string, { signal }: { signal?: AbortSignal } = {}): Promise<ViewersResponse> {
  return api.get(`${base(sessionId)}/viewers`, ViewersResponseSchema, { signal });
}

export function viewersQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: sessionKeys.viewers(sessionId),
    queryFn: ({ signal }) => getViewers(sessionId, { signal }),
    // people whose page closed without a word drop out of the window; the count follows
    refetchInterval: SESSION_LIMITS.presenceHeartbeatSeconds * 1000,
  });
}

/** Who watches a session now. */
export function useViewers(sessionId: string) {
  return useQuery(viewersQueryOptions(sessionId));
}
