import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { AdminContactPage, AdminContactResponse, AdminContactStatus } from '#shared/schemas/admin-console.ts';
import { adminKeys } from './query-keys.ts';

/** Messages sent through /contact, newest first, 20 a page. */
export function useAdminContactMessages(status: AdminContactStatus) {
  return useInfiniteQuery({
    queryKey: adminKeys.contactMessages(status),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ status });
      if (pageParam) params.set('cursor', pageParam);
      return api.get<AdminContactPage>(`/api/admin/contact-messages?${params.toString()}`, { signal });
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Marks a message handled or opens it again. */
export function useSetContactMessageHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isHandled }: { id: string; isHandled: boolean }) =>
      api.post<AdminContactResponse>(
        `/api/admin/contact-messages/${encodeURIComponent(id)}/${isHandled ? 'handle' : 'reopen'}`,
        undefined,
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.allContactMessages }),
        queryClient.invalidateQueries({ queryKey: adminKeys.auditLog }),
      ]),
  });
}
