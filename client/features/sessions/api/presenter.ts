import { useQuery, useQueryClient } from '@tanstack/react-query';

import { queueKeys } from '#client/features/content/api/query-keys.ts';
import { ApiError, api } from '#client/lib/api-client.ts';
import { useLiveTopic } from '#client/lib/use-live-topic.ts';
import { SESSION_LIVE_EVENTS, groupTopic } from '#shared/constants/live.ts';
import type { QuestionListResponse } from '#shared/schemas/questions.ts';
import type { SessionResponse } from '#shared/schemas/sessions.ts';

/*
 * What the presenter view (/event/:id/present) reads. Its own small queries rather than the
 * session page's: the presenter is its own lazy page, and sharing the session page's modules
 * would split them into more chunks of that page's budgeted first load. Their keys sit where the
 * live updates reach them: the pinned question under the group's queue lists
 * (useContentLiveUpdates), the session under the presenter's own key (usePresenterLiveUpdates).
 */

const presenterSessionKey = (sessionId: string) => ['sessions', 'presenter', sessionId] as const;

// A refusal (a session that does not exist) is final; anything else is tried again.
const retryUnlessRefused = (failureCount: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && failureCount < 3;

/** GET /api/sessions/:id, for the presenter view. */
export function usePresenterSession(sessionId: string) {
  return useQuery({
    queryKey: presenterSessionKey(sessionId),
    queryFn: async ({ signal }) =>
      (await api.get<SessionResponse>(`/api/sessions/${encodeURIComponent(sessionId)}`, { signal })).session,
    retry: retryUnlessRefused,
  });
}

/** The session's pinned question (GET /api/groups/:groupId/questions?sessionId&limit=1: its `pinned`). */
export function usePresenterPinned(groupId: string, sessionId: string) {
  return useQuery({
    queryKey: [...queueKeys.lists(groupId), 'presenter', sessionId] as const,
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ view: 'open', sessionId, limit: '1' });
      const path = `/api/groups/${encodeURIComponent(groupId)}/questions?${params.toString()}`;
      return (await api.get<QuestionListResponse>(path, { signal })).pinned;
    },
    retry: retryUnlessRefused,
  });
}

/**
 * Keeps the presenter's session current from its group's topic (`group:{groupId}` carries every
 * `session.*` event too), not from `session:{id}`: the presenter is a streaming program's browser
 * source, and watching the session's topic would count it among the session's viewers. A deletion
 * calls `onDeleted`; after a drop of the live channel the session is read again.
 */
export function usePresenterLiveUpdates(groupId: string | null, sessionId: string, onDeleted: () => void): void {
  const queryClient = useQueryClient();
  const readAgain = () => void queryClient.invalidateQueries({ queryKey: presenterSessionKey(sessionId) });
  useLiveTopic(
    groupId === null ? null : groupTopic(groupId),
    (event) => {
      if (!event.event.startsWith('session.') || event.ids.sessionId !== sessionId) return;
      if (event.event === SESSION_LIVE_EVENTS.deleted) onDeleted();
      else readAgain();
    },
    readAgain,
  );
}
