import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';

import { bumpCommentCount } from './create-comment.ts';
import { updateThread, type CommentParentType } from './query-keys.ts';

/** DELETE /api/comments/:commentId (author, or the host): 204. */
export async function deleteComment(commentId: string): Promise<void> {
  await api.delete<undefined>(`/api/comments/${encodeURIComponent(commentId)}`);
}

/** Deletes a comment (its replies go with it) and takes it out of the thread. */
export function useDeleteComment(parentType: CommentParentType, parentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_answer, commentId) => {
      let removed = 0;
      updateThread(queryClient, parentType, parentId, (comments) =>
        comments.filter((comment) => {
          const isGone = comment.id === commentId || comment.replyToId === commentId;
          if (isGone) removed += 1;
          return !isGone;
        }),
      );
      bumpCommentCount(queryClient, parentId, -Math.max(removed, 1));
    },
  });
}
