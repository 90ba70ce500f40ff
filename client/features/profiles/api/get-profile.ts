import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, ApiError } from '#client/lib/api-client.ts';
import { retryRead } from '#client/lib/retry-read.ts';
import type { ProfilePageResponse } from '#shared/schemas/profiles.ts';

import { profileKeys } from './query-keys.ts';

/**
 * GET /api/profiles/:username: a person's public page by their current or a former handle, in
 * any case. `profile.username` is always the current handle.
 */
export function getProfile(handle: string, { signal }: { signal?: AbortSignal } = {}): Promise<ProfilePageResponse> {
  return api.get<ProfilePageResponse>(`/api/profiles/${encodeURIComponent(handle)}`, { signal });
}

/** Whether an error means the person does not exist (nothing to retry). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Query of a profile page by handle; shared by the profile page and the hover cards. */
export function profileQueryOptions(handle: string) {
  return queryOptions({
    queryKey: profileKeys.byHandle(handle),
    queryFn: ({ signal }) => getProfile(handle, { signal }),
    retry: retryRead,
  });
}

/** A person's public page by handle; `enabled: false` waits (a hover card fetches when it opens). */
export function useProfile(handle: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...profileQueryOptions(handle), enabled });
}
