import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { SignInInput } from '#shared/schemas/accounts.ts';

import { isSessionQueryKey, readSession, sessionQueryKey, type Session } from './get-session.ts';

/** POST /api/accounts/sign-in: signs in with e-mail and password; the server sets the session cookie. */
export async function signIn(input: SignInInput): Promise<Session> {
  return api.post('/api/accounts/sign-in', input, { read: readSession });
}

/**
 * Signs in, then puts the person in the session cache at once and refreshes every query that
 * may answer differently for them. Errors are logged and rethrown.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // A retried wrong password would count twice against the sign-in limits and only delay the message.
    retry: false,
    onSuccess: async (session) => {
      // A session request still in flight would otherwise land after this and undo it.
      await queryClient.cancelQueries({ queryKey: sessionQueryKey });
      queryClient.setQueryData(sessionQueryKey, session);
      void queryClient.invalidateQueries({ predicate: (query) => !isSessionQueryKey(query.queryKey) });
    },
    onError: (error) => {
      console.warn('Sign-in failed', error);
    },
  });
}
