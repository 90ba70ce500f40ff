import type { QueryClient } from '@tanstack/react-query';

import { postKeys, type Pages } from '#client/features/content/api/query-keys.ts';
import type { Post, PostListResponse } from '#shared/schemas/posts.ts';

/** Changes every page of a group's cached feed. */
export function updateFeed(queryClient: QueryClient, groupId: string, update: (posts: Post[]) => Post[]) {
  queryClient.setQueryData<Pages<PostListResponse>>(postKeys.feed(groupId), (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, posts: update(page.posts) })) } : data,
  );
}
