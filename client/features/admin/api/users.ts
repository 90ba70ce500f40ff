import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { AdminPasswordResetResponse, AdminUserResponse, AdminUsersPage } from '#shared/schemas/admin-console.ts';
import { adminKeys } from './query-keys.ts';

/** Accounts, newest first, 20 a page, found by part of the name, @username or e-mail. */
export function useAdminUsers(q: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.users(q),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<AdminUsersPage>(`/api/admin/users?${params.toString()}`, { signal });
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Disables or enables an account; the lists and the audit log are read again after. */
export function useSetUserDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, isDisabled }: { userId: string; isDisabled: boolean }) =>
      api.post<AdminUserResponse>(
        `/api/admin/users/${encodeURIComponent(userId)}/${isDisabled ? 'disable' : 'enable'}`,
        undefined,
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.allUsers }),
        queryClient.invalidateQueries({ queryKey: adminKeys.auditLog }),
      ]),
  });
}

/**
 * E-mails a person the ordinary password reset link, to their own address; the administrator
 * never sees the link. The audit log is read again after, since the server records it.
 */
export function useSendPasswordResetLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: string }) =>
      api.post<AdminPasswordResetResponse>(`/api/admin/users/${encodeURIComponent(userId)}/password-reset`, undefined),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.auditLog }),
  });
}
