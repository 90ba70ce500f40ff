import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import { updateCachedItems } from '#client/lib/update-cached-items.ts';
import type { Post, PostResponse } from '#shared/schemas/posts.ts';

/** PATCH /api/posts/:postId (author only). */
export async function updatePost({
  postId,
  body,
  images,
}: {
  postId: string;
  body?: string;
  images?: string[];
}): Promise<Post> {
  const answer = await api.patch<PostResponse>(`/api/posts/${encodeURIComponent(postId)}`, { body, images });
  return answer.post;
}

/** Edits one's own post; every cached copy takes the server's version. */
export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onSuccess: (post) => updateCachedItems(queryClient, post.id, () => post),
  });
}
