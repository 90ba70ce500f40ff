import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { AmaSession, SessionInput, SessionResponse, SessionUpdateInput } from '#shared/schemas/sessions.ts';

import { sessionKeys } from './query-keys.ts';

/** After a change: the session's own cache takes the server's answer, and every list reads again. */
function settle(queryClient: QueryClient, session: AmaSession) {
  queryClient.setQueryData(sessionKeys.detail(session.id), session);
  void queryClient.invalidateQueries({ queryKey: sessionKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: sessionKeys.group(session.groupId) });
}

/** POST /api/groups/:groupId/sessions (the host of an ama group). */
export async function scheduleSession(groupId: string, input: SessionInput): Promise<AmaSession> {
  const answer = await api.post<SessionResponse>(`/api/groups/${encodeURIComponent(groupId)}/sessions`, input);
  return answer.session;
}

/** PATCH /api/sessions/:id. */
export async function updateSession(sessionId: string, input: SessionUpdateInput): Promise<AmaSession> {
  const answer = await api.patch<SessionResponse>(`/api/sessions/${encodeURIComponent(sessionId)}`, input);
  return answer.session;
}

/** POST /api/sessions/:id/start or /end. */
export async function changeSessionState(sessionId: string, action: 'start' | 'end'): Promise<AmaSession> {
  const answer = await api.post<SessionResponse>(`/api/sessions/${encodeURIComponent(sessionId)}/${action}`, {});
  return answer.session;
}

/** DELETE /api/sessions/:id. */
export async function deleteSession(sessionId: string): Promise<void> {
  await api.delete<unknown>(`/api/sessions/${encodeURIComponent(sessionId)}`);
}

export function useScheduleSession(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SessionInput) => scheduleSession(groupId, input),
    onSuccess: (session) => settle(queryClient, session),
  });
}

export function useUpdateSession(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SessionUpdateInput) => updateSession(sessionId, input),
    onSuccess: (session) => settle(queryClient, session),
  });
}

export function useChangeSessionState(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'start' | 'end') => changeSessionState(sessionId, action),
    onSuccess: (session) => settle(queryClient, session),
  });
}

export function useDeleteSession(session: Pick<AmaSession, 'id' | 'groupId'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteSession(session.id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: sessionKeys.detail(session.id) });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.group(session.groupId) });
    },
  });
}
