import type { QueryClient } from '@tanstack/react-query';

import type { Comment, CommentListResponse, Post, PostListResponse } from '#shared/schemas/posts.ts';

/** What a comment thread hangs under. */
export type CommentParentType = Comment['parentType'];

/** Query keys of posts and their comments. */
export const postKeys = {
  all: ['posts'] as const,
  /** A group's feed, newest first. */
  feed: (groupId: string) => [...postKeys.all, 'feed', groupId] as const,
};

export const commentKeys = {
  all: ['comments'] as const,
  /** The comments of one post or question, oldest first. */
  thread: (parentType: CommentParentType, parentId: string) => [...commentKeys.all, parentType, parentId] as const,
};

/** An infinite query's cached pages. */
export type Pages<Page> = { pages: Page[]; pageParams: unknown[] };

/** Changes every page of a group's cached feed. */
export function updateFeed(queryClient: QueryClient, groupId: string, update: (posts: Post[]) => Post[]) {
  queryClient.setQueryData<Pages<PostListResponse>>(postKeys.feed(groupId), (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, posts: update(page.posts) })) } : data,
  );
}

/** Changes every page of a cached comment thread. */
export function updateThread(
  queryClient: QueryClient,
  parentType: CommentParentType,
  parentId: string,
  update: (comments: Comment[], pageIndex: number, pageCount: number) => Comment[],
) {
  queryClient.setQueryData<Pages<CommentListResponse>>(commentKeys.thread(parentType, parentId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page, index) => ({
            ...page,
            comments: update(page.comments, index, data.pages.length),
          })),
        }
      : data,
  );
}
