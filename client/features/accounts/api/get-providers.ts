import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { AuthProviders } from '#shared/schemas/google-sign-in.ts';

/** GET /api/accounts/providers: the sign-in methods this server offers besides e-mail and password. */
export function getProviders({ signal }: { signal?: AbortSignal } = {}): Promise<AuthProviders> {
  return api.get<AuthProviders>('/api/accounts/providers', { signal });
}

/** Query key and fetcher of the sign-in methods; they change only when the server is reconfigured. */
export function providersQueryOptions() {
  return queryOptions({
    queryKey: ['accounts', 'providers'],
    queryFn: ({ signal }) => getProviders({ signal }),
    staleTime: Infinity,
  });
}

/** Which sign-in methods the server offers. */
export function useProviders() {
  return useQuery(providersQueryOptions());
}
