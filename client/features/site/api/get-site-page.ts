import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { SitePageName, SitePageResponse } from '#shared/schemas/site.ts';

import { siteKeys } from './query-keys.ts';

/** GET /api/pages/:name: a content page (about, support, privacy policy, terms) as HTML. */
export function getSitePage(name: SitePageName, { signal }: { signal?: AbortSignal } = {}): Promise<SitePageResponse> {
  return api.get<SitePageResponse>(`/api/pages/${name}`, { signal });
}

export function sitePageQueryOptions(name: SitePageName) {
  return queryOptions({
    queryKey: siteKeys.page(name),
    queryFn: ({ signal }) => getSitePage(name, { signal }),
    // Read from files once when the server starts.
    staleTime: Infinity,
  });
}

/** One content page. */
export function useSitePage(name: SitePageName) {
  return useQuery(sitePageQueryOptions(name));
}
