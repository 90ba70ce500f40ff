import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { BlogListResponse } from '#shared/schemas/site.ts';

import { siteKeys } from './query-keys.ts';

/** GET /api/blog: every post, newest first. */
export function getBlogPosts({ signal }: { signal?: AbortSignal } = {}): Promise<BlogListResponse> {
  return api.get<BlogListResponse>('/api/blog', { signal });
}

export function blogPostsQueryOptions() {
  return queryOptions({
    queryKey: siteKeys.blog(),
    queryFn: ({ signal }) => getBlogPosts({ signal }),
    // The posts are files read once when the server starts: they do not change while it runs.
    staleTime: Infinity,
  });
}

/** The blog's posts. */
export function useBlogPosts() {
  return useQuery(blogPostsQueryOptions());
}
