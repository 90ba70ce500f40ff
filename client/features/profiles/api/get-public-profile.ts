import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { ProfilePageResponse } from '#shared/schemas/profiles.ts';

import { retryRead } from '#client/lib/retry-read.ts';
import { profileKeys } from './query-keys.ts';

/** GET /api/users/:userId/public-profile: the same public page, found by the person's id. */
export function getPublicProfile(
  userId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ProfilePageResponse> {
  return api.get<ProfilePageResponse>(`/api/users/${encodeURIComponent(userId)}/public-profile`, { signal });
}

/** Query of a profile page by id (the /user/:id links). */
export function publicProfileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profileKeys.byId(userId),
    queryFn: ({ signal }) => getPublicProfile(userId, { signal }),
    retry: retryRead,
  });
}

/** A person's public page by id. */
export function usePublicProfile(userId: string) {
  return useQuery(publicProfileQueryOptions(userId));
}
