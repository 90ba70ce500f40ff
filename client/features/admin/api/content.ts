import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { AdminContentPage, AdminContentType, AdminGroupsPage } from '#shared/schemas/admin-console.ts';
import { adminKeys } from './query-keys.ts';

/** Groups, newest first, 20 a page, found by part of the name or slug. */
export function useAdminGroups(q: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.groups(q),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<AdminGroupsPage>(`/api/admin/groups?${params.toString()}`, { signal });
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Posts, questions, comments or answers, newest first, 20 a page. */
export function useAdminContent(type: AdminContentType) {
  return useInfiniteQuery({
    queryKey: adminKeys.content(type),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ type });
      if (pageParam) params.set('cursor', pageParam);
      return api.get<AdminContentPage>(`/api/admin/content?${params.toString()}`, { signal });
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Removes a group or one item; every admin list and the audit log are read again after. */
export function useRemoveContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ type, id }: { type: 'group' | AdminContentType; id: string }) => {
      const path =
        type === 'group'
          ? `/api/admin/groups/${encodeURIComponent(id)}`
          : `/api/admin/content/${type}/${encodeURIComponent(id)}`;
      await api.delete<undefined>(path);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.allGroups }),
        queryClient.invalidateQueries({ queryKey: adminKeys.allContent }),
        queryClient.invalidateQueries({ queryKey: adminKeys.auditLog }),
      ]),
  });
}
