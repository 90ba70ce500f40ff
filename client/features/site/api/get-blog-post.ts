import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import { retryRead } from '#client/lib/retry-read.ts';
import type { BlogPostResponse } from '#shared/schemas/site.ts';

import { siteKeys } from './query-keys.ts';

/** GET /api/blog/:slug: one post with its text as HTML. */
export function getBlogPost(slug: string, { signal }: { signal?: AbortSignal } = {}): Promise<BlogPostResponse> {
  return api.get<BlogPostResponse>(`/api/blog/${encodeURIComponent(slug)}`, { signal });
}

export function blogPostQueryOptions(slug: string) {
  return queryOptions({
    queryKey: siteKeys.blogPost(slug),
    queryFn: ({ signal }) => getBlogPost(slug, { signal }),
    staleTime: Infinity,
    // a post that does not exist says so at once (the server's page is already a 404)
    retry: retryRead,
  });
}

/** One blog post. */
export function useBlogPost(slug: string) {
  return useQuery(blogPostQueryOptions(slug));
}
