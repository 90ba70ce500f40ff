import { queryOptions, useQuery } from '@tanstack/react-query';

import { postKeys } from '#client/features/content/api/query-keys.ts';
import { api } from '#client/lib/api-client.ts';
import { retryRead } from '#client/lib/retry-read.ts';
import type { Post, PostResponse } from '#shared/schemas/posts.ts';

/** GET /api/posts/:postId: one post, for its own page. */
export async function getPost(postId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Post> {
  const answer = await api.get<PostResponse>(`/api/posts/${encodeURIComponent(postId)}`, { signal });
  return answer.post;
}

/**
 * One post. Its key sits under the group's feed, so whatever refreshes the feed (a live event,
 * an edit elsewhere) refreshes this page too; a post deleted meanwhile then reads as a 404.
 */
export function usePost(groupId: string | undefined, postId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...postKeys.feed(groupId ?? ''), 'one', postId] as const,
      queryFn: ({ signal }) => getPost(postId, { signal }),
      enabled: groupId !== undefined,
      retry: retryRead,
    }),
  );
}
