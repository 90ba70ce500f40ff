import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';

import { Avatar, AvatarGroup } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { AuthorLine } from '#client/features/content/components/author-line.tsx';
import { CommentsThread } from '#client/features/content/components/lazy-comments-thread.tsx';
import { ContentLikeButton } from '#client/features/content/components/like-button.tsx';
import { PostImages } from '#client/features/content/components/post-images.tsx';
import { RichText } from '#client/features/content/components/rich-text.tsx';
import { TextComposer } from '#client/features/content/components/text-composer.tsx';
import { useDeletePost } from '#client/features/posts/api/delete-post.ts';
import { useUpdatePost } from '#client/features/posts/api/update-post.ts';
import { displayName } from '#client/lib/format.ts';
import { paths } from '#client/lib/paths.ts';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import type { Post } from '#shared/schemas/posts.ts';

function commentsLabel(count: number): string {
  return `${String(count)} ${count === 1 ? 'comment' : 'comments'}`;
}

/** One post of the feed: author, text, images, likes with who liked it, comments, edit and delete. */
export function PostCard({ post, isCommentsOpenAtFirst = false }: { post: Post; isCommentsOpenAtFirst?: boolean }) {
  // Inside a group's pages the age links to the post's own page.
  const { slug } = useParams();
  const [isEditing, setIsEditing] = useState(false);
  const [isCommentsOpen, setIsCommentsOpen] = useState(isCommentsOpenAtFirst);
  const update = useUpdatePost();
  const remove = useDeletePost(post.groupId);
  const name = displayName(post.author);

  return (
    <article className="grid gap-3 rounded-lg border bg-card p-4" aria-label={`Post by ${name}`}>
      <div className="flex items-start justify-between gap-2">
        <AuthorLine
          author={post.author}
          createdAt={post.createdAt}
          editedAt={post.editedAt}
          href={slug ? paths.post(slug, post.id) : undefined}
        />
        <div className="flex shrink-0 gap-1">
          {post.permissions.canEdit && !isEditing ? (
            <Button variant="ghost" size="sm" onClick={() => setIsEditing(true)}>
              Edit
            </Button>
          ) : null}
          {post.permissions.canDelete ? (
            <ConfirmDialog
              title="Delete this post?"
              description="The post, its images and its comments will be removed for everyone."
              onConfirm={async () => {
                try {
                  await remove.mutateAsync(post.id);
                } catch (error) {
                  toast.error('Could not delete the post', { description: (error as Error).message });
                  throw error;
                }
              }}
              trigger={
                <Button variant="ghost" size="sm">
                  Delete
                </Button>
              }
            />
          ) : null}
        </div>
      </div>
      {isEditing ? (
        <TextComposer
          label="Edit post"
          submitLabel="Save"
          maxLength={CONTENT_LIMITS.postBodyMax}
          initialValue={post.body}
          autoFocus
          onCancel={() => setIsEditing(false)}
          onSubmit={async (body) => {
            try {
              await update.mutateAsync({ postId: post.id, body });
            } catch (error) {
              toast.error('Could not save the post', { description: (error as Error).message });
              throw error;
            }
            setIsEditing(false);
          }}
        />
      ) : post.body ? (
        <RichText text={post.body} />
      ) : null}
      <PostImages images={post.images} authorName={name} />
      <div className="flex flex-wrap items-center gap-2">
        <ContentLikeButton
          targetType="post"
          targetId={post.id}
          isLiked={post.isLiked}
          likeCount={post.likeCount}
          gateTarget="posts"
        />
        <LikedBy likedBy={post.likedBy} />
        <Button
          variant="ghost"
          size="sm"
          className="ms-auto"
          aria-expanded={isCommentsOpen}
          onClick={() => setIsCommentsOpen((open) => !open)}
        >
          <MessageSquare aria-hidden />
          {commentsLabel(post.commentCount)}
        </Button>
      </div>
      {isCommentsOpen ? <CommentsThread parentType="post" parentId={post.id} /> : null}
    </article>
  );
}

/** Who liked a post: the newest few as overlapping avatars, then '+N' for the rest. */
function LikedBy({ likedBy }: { likedBy: Post['likedBy'] }) {
  if (likedBy.total === 0 || likedBy.people.length === 0) return null;
  const more = Math.max(0, likedBy.total - likedBy.people.length);
  const names = likedBy.people.map(displayName).join(', ');
  return (
    <div
      className="flex items-center gap-1"
      aria-label={`Liked by ${names}${more > 0 ? ` and ${String(more)} more` : ''}`}
      role="group"
    >
      <AvatarGroup size="xs" max={CONTENT_LIMITS.likedByPreview} aria-hidden>
        {likedBy.people.map((person) => (
          <Avatar key={person.id} src={person.profileImageURL || null} name={displayName(person)} userId={person.id} />
        ))}
      </AvatarGroup>
      {more > 0 ? (
        <span aria-hidden className="text-xs text-muted-foreground tabular-nums">
          +{more}
        </span>
      ) : null}
    </div>
  );
}
