import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import type { CommentListResponse } from '#shared/schemas/comments.ts';

import { commentKeys, type CommentParentType } from './query-keys.ts';

/** The path of a post's or question's comments. */
export function commentsPath(parentType: CommentParentType, parentId: string): string {
  return `/api/${parentType === 'post' ? 'posts' : 'questions'}/${encodeURIComponent(parentId)}/comments`;
}

/** GET /api/posts/:postId/comments or /api/questions/:questionId/comments: oldest first, with replies. */
export function getComments(
  { parentType, parentId, cursor }: { parentType: CommentParentType; parentId: string; cursor: string | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<CommentListResponse> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return api.get<CommentListResponse>(`${commentsPath(parentType, parentId)}${query}`, { signal });
}

/** Query of a comment thread, a page at a time. */
export function commentsQueryOptions(parentType: CommentParentType, parentId: string) {
  return infiniteQueryOptions({
    queryKey: commentKeys.thread(parentType, parentId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getComments({ parentType, parentId, cursor: pageParam }, { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The comments of a post or question. */
export function useComments(parentType: CommentParentType, parentId: string) {
  return useInfiniteQuery(commentsQueryOptions(parentType, parentId));
}
