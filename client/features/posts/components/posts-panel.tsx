import { Newspaper } from 'lucide-react';

import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
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
        <Alert variant="error" title="Posts could not be loaded" description={query.error.message}>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
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
      {query.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          isLoading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Load more
        </Button>
      ) : null}
    </div>
  );
}
