import { useInfiniteQuery } from '@tanstack/react-query';

import { hasSignedInSession } from '#client/features/accounts/api/get-session.ts';
import { api } from '#client/lib/api-client.ts';
import type { MySessionsResponse, MySessionsScope } from '#shared/schemas/discovery.ts';
import type { SessionListResponse } from '#shared/schemas/sessions.ts';

import { discoveryKeys } from './query-keys.ts';

/** GET /api/me/sessions?scope&cursor: sessions of the groups I subscribe to, am a member of or host. */
export function getMySessions(
  { scope, cursor }: { scope: MySessionsScope; cursor: string | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<SessionListResponse> {
  const query = new URLSearchParams({ scope });
  if (cursor) query.set('cursor', cursor);
  return api.get<MySessionsResponse>(`/api/me/sessions?${query.toString()}`, { signal });
}

/** Upcoming (soonest first) or live sessions of my groups, a page at a time. */
export function useMySessions(scope: MySessionsScope) {
  return useInfiniteQuery({
    queryKey: discoveryKeys.mySessions(scope),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal, client }) =>
      hasSignedInSession(client)
        ? getMySessions({ scope, cursor: pageParam }, { signal })
        : Promise.resolve<SessionListResponse>({ sessions: [], nextCursor: null }),
    getNextPageParam: (page) => page.nextCursor,
  });
}
