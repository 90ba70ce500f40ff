import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

import { api } from '#client/lib/api-client.ts';
import type { PasswordResetRequestSchema } from '#shared/schemas/accounts.ts';

/** Body of POST /api/accounts/password-reset. */
export type PasswordResetRequest = z.input<typeof PasswordResetRequestSchema>;

/**
 * POST /api/accounts/password-reset: e-mails a link to choose a new password when the address
 * has an account. The answer (204) is the same either way.
 */
export async function requestPasswordReset(input: PasswordResetRequest): Promise<void> {
  await api.post<undefined>('/api/accounts/password-reset', input);
}

/** Asks for a reset link. Never retried: each try counts against the reset e-mail limits. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset, retry: false });
}
