import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import { updateCachedItems } from '#client/lib/update-cached-items.ts';
import type { Comment, CommentResponse } from '#shared/schemas/comments.ts';

/** PATCH /api/comments/:commentId (author only). */
export async function updateComment({ commentId, body }: { commentId: string; body: string }): Promise<Comment> {
  const answer = await api.patch<CommentResponse>(`/api/comments/${encodeURIComponent(commentId)}`, { body });
  return answer.comment;
}

/** Edits one's own comment. */
export function useUpdateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateComment,
    onSuccess: (comment) => updateCachedItems(queryClient, comment.id, () => comment),
  });
}
