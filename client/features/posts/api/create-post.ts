import { useMutation, useQueryClient } from '@tanstack/react-query';

import { postKeys } from '#client/features/content/api/query-keys.ts';
import { api } from '#client/lib/api-client.ts';
import type { Post, PostResponse } from '#shared/schemas/posts.ts';

import { updateFeed } from './query-keys.ts';

/** POST /api/groups/:groupId/posts (action post; images need attach_image too). */
export async function createPost({
  groupId,
  body,
  images,
}: {
  groupId: string;
  body: string;
  images: string[];
}): Promise<Post> {
  const answer = await api.post<PostResponse>(`/api/groups/${encodeURIComponent(groupId)}/posts`, { body, images });
  return answer.post;
}

/** Posts in a group; the new post goes to the top of the feed at once. */
export function useCreatePost(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; images: string[] }) => createPost({ groupId, ...input }),
    onSuccess: (post) => {
      if (!queryClient.getQueryData(postKeys.feed(groupId))) return;
      // The live echo of this post may already have put it there.
      updateFeed(queryClient, groupId, (posts) => posts.filter((item) => item.id !== post.id));
      queryClient.setQueryData<{ pages: { posts: Post[] }[] }>(postKeys.feed(groupId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page, index) => (index === 0 ? { ...page, posts: [post, ...page.posts] } : page)),
            }
          : data,
      );
    },
  });
}
