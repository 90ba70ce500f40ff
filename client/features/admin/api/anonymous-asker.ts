import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { AnonymousAskerResponse } from '#shared/schemas/admin-console.ts';
import { adminKeys } from './query-keys.ts';

/**
 * Who asked an anonymous question (GET /api/admin/questions/:questionId/author). Every call writes
 * an audit entry, so it is a mutation the administrator confirms, never a query that could run
 * again by itself.
 */
export type AnonymousAsker = AnonymousAskerResponse['asker'];

/** Looks the asker up; the audit log is read again after, whatever the answer (it may have one more entry). */
export function useRevealAsker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (questionId: string) =>
      (await api.get<AnonymousAskerResponse>(`/api/admin/questions/${encodeURIComponent(questionId)}/author`)).asker,
    // never sent twice by itself: each look is one more audit entry
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.auditLog }),
  });
}
