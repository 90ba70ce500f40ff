import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { SignUpInput } from '#shared/schemas/accounts.ts';

import { isSessionQueryKey, readSession, sessionQueryKey, type Session } from './get-session.ts';

/** POST /api/accounts/sign-up: creates the account and its profile and signs the person in. */
export async function signUp(input: SignUpInput): Promise<Session> {
  return api.post('/api/accounts/sign-up', input, { read: readSession });
}

/** Signs up, then puts the new person in the session cache and refreshes what depends on it. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    // Never retried: if the first answer was lost, a second try would only say the e-mail is taken.
    retry: false,
    onSuccess: async (session) => {
      // A session request still in flight would otherwise land after this and undo it.
      await queryClient.cancelQueries({ queryKey: sessionQueryKey });
      queryClient.setQueryData(sessionQueryKey, session);
      void queryClient.invalidateQueries({ predicate: (query) => !isSessionQueryKey(query.queryKey) });
    },
    onError: (error) => {
      console.warn('Sign-up failed', error);
    },
  });
}
