import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';

import { isSessionQueryKey, sessionQueryKey, signingOutQueryKey, type Session } from './get-session.ts';

/** POST /api/accounts/sign-out: ends this browser's session (204, no body). */
export async function signOut(): Promise<void> {
  await api.post<undefined>('/api/accounts/sign-out', undefined);
}

/**
 * Signs out, then empties the session and drops every other cached answer: what a signed-in
 * person saw must not stay on a shared computer. Errors are logged and rethrown.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onMutate: async () => {
      // From now on the person's own queries stop asking, and those in flight are called off:
      // the server may end the session before answering them, and a 401 would only be noise.
      queryClient.setQueryData(signingOutQueryKey, true);
      await queryClient.cancelQueries({ predicate: (query) => !isSessionQueryKey(query.queryKey) });
    },
    onSettled: () => {
      queryClient.removeQueries({ queryKey: signingOutQueryKey, exact: true });
    },
    onSuccess: async () => {
      // A session request still in flight would otherwise land after this and bring the person back.
      await queryClient.cancelQueries({ queryKey: sessionQueryKey });
      queryClient.setQueryData<Session>(sessionQueryKey, { user: null });
      void queryClient.resetQueries({ predicate: (query) => !isSessionQueryKey(query.queryKey) });
    },
    onError: (error) => {
      console.warn('Sign-out failed', error);
    },
  });
}
