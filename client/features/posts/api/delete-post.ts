import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';

import { updateFeed } from './query-keys.ts';

/** DELETE /api/posts/:postId (author, or the host as moderation): 204. */
export async function deletePost(postId: string): Promise<void> {
  await api.delete<undefined>(`/api/posts/${encodeURIComponent(postId)}`);
}

/** Deletes a post and takes it out of the feed. */
export function useDeletePost(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_answer, postId) => updateFeed(queryClient, groupId, (posts) => posts.filter((p) => p.id !== postId)),
  });
}
