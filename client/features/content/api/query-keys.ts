import type { QueryClient } from '@tanstack/react-query';

import type { Comment, CommentListResponse } from '#shared/schemas/comments.ts';

/** What a comment thread hangs under. */
export type CommentParentType = Comment['parentType'];

/**
 * Query keys of a group's content: its feed of posts, its question queue and the comment threads
 * under both. They live here rather than in posts/ and questions/ because the live updates
 * (use-content-live-updates.ts) refresh all of them; questions/ adds its own keys under these.
 */
export const postKeys = {
  all: ['posts'] as const,
  /** A group's feed, newest first. */
  feed: (groupId: string) => [...postKeys.all, 'feed', groupId] as const,
};

/** The question queue's keys that the live updates refresh (questions/api/query-keys.ts adds sort and view). */
export const queueKeys = {
  all: ['questions'] as const,
  /** Every list of a group's queue (any sort, any view). */
  lists: (groupId: string) => [...queueKeys.all, 'list', groupId] as const,
  /**
   * The possible duplicates of a group's questions. Apart from the lists: a write's settle waits
   * for the lists it reads again, never for these (a card's, read when the host opens it).
   */
  duplicates: (groupId: string) => [...queueKeys.all, 'duplicates', groupId] as const,
};

export const commentKeys = {
  all: ['comments'] as const,
  /** The comments of one post or question, oldest first. */
  thread: (parentType: CommentParentType, parentId: string) => [...commentKeys.all, parentType, parentId] as const,
};

/** An infinite query's cached pages. */
export type Pages<Page> = { pages: Page[]; pageParams: unknown[] };

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
