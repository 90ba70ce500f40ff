import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import { api } from '#client/lib/api-client.ts';
import type { PasswordResetCompleteSchema } from '#shared/schemas/accounts.ts';

import { isSessionQueryKey, sessionQueryKey, type Session } from './get-session.ts';

/** Body of POST /api/accounts/password-reset/complete. */
export type PasswordResetCompletion = z.input<typeof PasswordResetCompleteSchema>;

/**
 * POST /api/accounts/password-reset/complete: sets the new password with a reset link's token.
 * Every session of the account ends, on every device.
 */
export async function completePasswordReset(input: PasswordResetCompletion): Promise<void> {
  await api.post<undefined>('/api/accounts/password-reset/complete', input);
}

/**
 * Sets the new password. Whoever was signed in in this browser is signed out by it too, so the
 * session and everything cached for them goes, as on sign-out.
 */
export function useCompletePasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completePasswordReset,
    // The token works once: a retry after a lost answer would only say the link is used.
    retry: false,
    onSuccess: async () => {
      await queryClient.cancelQueries({ queryKey: sessionQueryKey });
      queryClient.setQueryData<Session>(sessionQueryKey, { user: null });
      void queryClient.resetQueries({ predicate: (query) => !isSessionQueryKey(query.queryKey) });
    },
  });
}
