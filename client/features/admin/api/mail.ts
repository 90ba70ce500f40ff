import { useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { AdminMailMessage, AdminMailPage, MailStatus } from '#shared/schemas/admin.ts';

export type MailStatusFilter = MailStatus | 'all';

/** Newest first, 50 at a time, filtered by status and a search in the address or subject. */
export function useAdminMailList(filter: { q: string; status: MailStatusFilter }) {
  return useInfiniteQuery({
    queryKey: ['admin', 'mail', 'list', filter],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: '50' });
      if (filter.q) params.set('q', filter.q);
      if (filter.status !== 'all') params.set('status', filter.status);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<AdminMailPage>(`/api/admin/mail?${params.toString()}`, { signal });
    },
    getNextPageParam: (page) => page.nextCursor,
    // Queued mail turns into sent or stored within seconds; keep the list current while it is open.
    refetchInterval: 15_000,
  });
}

/** One e-mail whole. */
export function useAdminMailMessage(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'mail', 'message', id],
    enabled: id !== null,
    queryFn: ({ signal }) => api.get<AdminMailMessage>(`/api/admin/mail/${encodeURIComponent(id ?? '')}`, { signal }),
  });
}
