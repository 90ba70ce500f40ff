import { useQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { SlugAvailabilityResponse } from '#shared/schemas/groups.ts';

import { groupKeys } from './query-keys.ts';

/** Answer of the slug check: free, or why not. */
export type SlugAvailability = { available: boolean; message: string | null };

/**
 * GET /api/groups/slug-availability?slug=&groupId=: whether a slug is free (the group being
 * edited may keep its own). Only an early hint: creating or saving checks again.
 */
export function checkSlugAvailability(
  { slug, groupId }: { slug: string; groupId: string | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<SlugAvailability> {
  const query = new URLSearchParams({ slug });
  if (groupId) query.set('groupId', groupId);
  return api.get<SlugAvailabilityResponse>(`/api/groups/slug-availability?${query.toString()}`, { signal });
}

/** The availability of `slug`; waits while `enabled` is false (a format error, or still typing). */
export function useSlugAvailability(slug: string, groupId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.slugAvailability(slug, groupId),
    queryFn: ({ signal }) => checkSlugAvailability({ slug, groupId }, { signal }),
    enabled,
    retry: false,
  });
}
