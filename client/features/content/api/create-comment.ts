import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '#client/lib/api-client.ts';
import { updateCachedItems } from '#client/lib/update-cached-items.ts';
import type { Comment, CommentResponse } from '#shared/schemas/comments.ts';

import { commentsPath } from './get-comments.ts';
import { updateThread, type CommentParentType } from './query-keys.ts';

/** POST a comment, or a reply (replyToId), on a post or question. */
export async function createComment({
  parentType,
  parentId,
  body,
  replyToId,
}: {
  parentType: CommentParentType;
  parentId: string;
  body: string;
  replyToId?: string | undefined;
}): Promise<Comment> {
  const answer = await api.post<CommentResponse>(commentsPath(parentType, parentId), { body, replyToId });
  return answer.comment;
}

/** Adds one to the comment count of a post or question, wherever it shows. */
export function bumpCommentCount(queryClient: ReturnType<typeof useQueryClient>, parentId: string, step: number) {
  updateCachedItems(queryClient, parentId, (item) =>
    typeof item.commentCount === 'number' ? { ...item, commentCount: Math.max(0, item.commentCount + step) } : item,
  );
}

/** Comments or replies; the comment joins the end of the thread and the count goes up. */
export function useCreateComment(parentType: CommentParentType, parentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; replyToId?: string | undefined }) =>
      createComment({ parentType, parentId, ...input }),
    onSuccess: (comment) => {
      updateThread(queryClient, parentType, parentId, (comments, index, count) => {
        const others = comments.filter((item) => item.id !== comment.id);
        return index === count - 1 ? [...others, comment] : others;
      });
      bumpCommentCount(queryClient, parentId, 1);
    },
  });
}
