import { Newspaper } from 'lucide-react';

import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { usePosts } from '#client/features/posts/api/get-posts.ts';

import { PostCard } from './post-card.tsx';
import { PostComposer, type UploadPostImage } from './post-composer.tsx';

/** The Posts tab: the composer, then the feed, newest first, 20 a page. */
export function PostsPanel({
  groupId,
  canPost,
  upload,
}: {
  groupId: string;
  canPost: boolean;
  upload: UploadPostImage;
}) {
  const query = usePosts(groupId);
  const posts = query.data?.pages.flatMap((page) => page.posts) ?? [];

  return (
    <div className="grid gap-4">
      <PostComposer groupId={groupId} canPost={canPost} upload={upload} />
      {query.isPending ? <ListSkeleton label="Loading posts" /> : null}
      {query.isError ? (
        <LoadError title="Posts could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
      ) : null}
      {query.isSuccess && posts.length === 0 ? (
        <EmptyState icon={<Newspaper />} title="No posts yet." description="Posts in this group will show here." />
      ) : null}
      {posts.length > 0 ? (
        <ul className="grid gap-4" aria-label="Posts">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      ) : null}
      <LoadMore
        hasMore={query.hasNextPage}
        isLoading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
      />
    </div>
  );
}
