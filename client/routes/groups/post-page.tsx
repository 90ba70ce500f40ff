import { useParams } from 'react-router';

import { LoadError } from '#client/components/ui/load-error.tsx';
import { ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { isGroupNotFound } from '#client/features/groups/api/get-group.ts';
import { usePost } from '#client/features/posts/api/get-post.ts';
import { PostCard } from '#client/features/posts/components/post-card.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';

import { GroupItemFrame, ItemNotFound, type GroupItemContext } from './group-item-frame.tsx';

function PostView({ page, postId }: GroupItemContext & { postId: string }) {
  const query = usePost(page.group.id, postId);
  const post = query.data;
  const author = post ? post.author.name || post.author.username : '';
  useDocumentTitle(post ? `${author} in ${page.group.name}` : null);
  if (query.isError && isGroupNotFound(query.error)) {
    return <ItemNotFound title="Post not found" slug={page.group.slug} text="It may have been deleted." />;
  }
  if (query.isError) {
    return <LoadError title="This post could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!post) return <ListSkeleton label="Loading post" />;
  return (
    <section aria-labelledby="post-heading">
      <h1 id="post-heading" className="mb-4 text-lg font-semibold text-muted-foreground">
        Post by {author} in {page.group.name}
      </h1>
      <div className="grid gap-4">
        <PostCard post={post} isCommentsOpenAtFirst />
      </div>
    </section>
  );
}

/** /group/:slug/post/:postId: one post with its comments, to share. */
export function PostRoute() {
  const { postId = '' } = useParams();
  return (
    <GroupItemFrame label="Loading post">
      {(context) => <PostView key={postId} {...context} postId={postId} />}
    </GroupItemFrame>
  );
}
