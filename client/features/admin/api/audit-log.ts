import { useInfiniteQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { AdminAuditPage } from '#shared/schemas/admin-console.ts';
import { adminKeys } from './query-keys.ts';

/** What administrators did, newest first, 50 a page. */
export function useAdminAuditLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.auditLog,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.get<AdminAuditPage>(`/api/admin/audit-log${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, {
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
  });
}
