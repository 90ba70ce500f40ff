import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { api } from '#client/lib/api-client.ts';
import { AdminContentPageSchema, AdminGroupsPageSchema, type AdminContentType } from '#shared/schemas/admin-console.ts';
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
      return api.get(`/api/admin/groups?${params.toString()}`, AdminGroupsPageSchema, { signal });
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
      return api.get(`/api/admin/content?${params.toString()}`, AdminContentPageSchema, { signal });
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
      await api.delete(path, z.undefined());
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.allGroups }),
        queryClient.invalidateQueries({ queryKey: adminKeys.allContent }),
        queryClient.invalidateQueries({ queryKey: adminKeys.auditLog }),
      ]),
  });
}
