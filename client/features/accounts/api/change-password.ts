import { useMutation } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { ChangePasswordInput } from '#shared/schemas/accounts.ts';

/**
 * POST /api/accounts/change-password: checks the current password, sets the new one and ends
 * every other session of the account; this browser's goes on with a fresh cookie.
 */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await api.post<undefined>('/api/accounts/change-password', input);
}

/** Changes the password. Never retried: a wrong current password counts against a limit. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, retry: false });
}
