import { useInfiniteQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import { AdminAuditPageSchema } from '#shared/schemas/admin-console.ts';
import { adminKeys } from './query-keys.ts';

/** What administrators did, newest first, 50 a page. */
export function useAdminAuditLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.auditLog,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.get(
        `/api/admin/audit-log${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        AdminAuditPageSchema,
        { signal },
      ),
    getNextPageParam: (page) => page.nextCursor,
  });
}
