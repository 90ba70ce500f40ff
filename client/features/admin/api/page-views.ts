import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { AdminPageViews } from '#shared/schemas/admin-console.ts';
import { adminKeys } from './query-keys.ts';

/** Views per day and the top pages of the last `days` days. */
export function useAdminPageViews(days: number) {
  return useQuery({
    queryKey: adminKeys.pageViews(days),
    queryFn: ({ signal }) => api.get<AdminPageViews>(`/api/admin/page-views?days=${String(days)}`, { signal }),
    // the old numbers stay while another window loads, instead of a flash of skeleton
    placeholderData: keepPreviousData,
  });
}
