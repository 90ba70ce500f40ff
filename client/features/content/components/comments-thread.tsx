import { useRef, useState } from 'react';

import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { useCreateComment } from '#client/features/content/api/create-comment.ts';
import { useDeleteComment } from '#client/features/content/api/delete-comment.ts';
import { useComments } from '#client/features/content/api/get-comments.ts';
import type { CommentParentType } from '#client/features/content/api/query-keys.ts';
import { useUpdateComment } from '#client/features/content/api/update-comment.ts';
import { isGateError, runGated, useGroupGate } from '#client/features/gate/index.ts';
import { displayName } from '#client/lib/format.ts';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';
import type { InteractionTarget } from '#shared/lib/permissions.ts';
import type { Comment } from '#shared/schemas/comments.ts';

import { AuthorLine } from './author-line.tsx';
import { ContentLikeButton } from './like-button.tsx';
import { RichText } from './rich-text.tsx';
import { TextComposer } from './text-composer.tsx';

/** The gate target of a thread: a post's comments count as the feed, a question's as the queue. */
function gateTargetOf(parentType: CommentParentType): 'posts' | 'questionQueue' {
  return parentType === 'post' ? 'posts' : 'questionQueue';
}

function failed(what: string) {
  return (error: Error) => {
    if (!isGateError(error)) toast.error(what, { description: error.message });
    throw error;
  };
}

/**
 * The comments of a post or question, oldest first, with one level of replies: a composer at
 * the bottom, 'Reply' on top-level comments, like, edit and delete (own; the host deletes any).
 * Every write goes through the group's gate (a host commenting on a question is told why not).
 */
export function CommentsThread({ parentType, parentId }: { parentType: CommentParentType; parentId: string }) {
  const query = useComments(parentType, parentId);
  const gate = useGroupGate();
  const create = useCreateComment(parentType, parentId);
  const target: InteractionTarget = gateTargetOf(parentType);

  const comments = query.data?.pages.flatMap((page) => page.comments) ?? [];
  const topLevel = comments.filter((comment) => comment.replyToId === null);
  const repliesOf = (id: string) => comments.filter((comment) => comment.replyToId === id);

  const send = (body: string, clear: () => void) =>
    runGated(gate, 'comment', target, async () => {
      await create.mutateAsync({ body }).catch(failed('Could not comment'));
      clear();
    });

  return (
    <section aria-label="Comments" className="grid gap-3 border-t pt-3">
      {query.isPending ? <ListSkeleton rows={2} label="Loading comments" /> : null}
      {query.isError ? <p className="text-sm text-error">Comments could not be loaded.</p> : null}
      {topLevel.length > 0 ? (
        <ul className="grid gap-3">
          {topLevel.map((comment) => (
            <li key={comment.id}>
              <CommentItem comment={comment} parentType={parentType} parentId={parentId} canReply />
              {repliesOf(comment.id).length > 0 ? (
                <ul className="mt-2 grid gap-2 border-l ps-4" aria-label={`Replies to ${displayName(comment.author)}`}>
                  {repliesOf(comment.id).map((reply) => (
                    <li key={reply.id}>
                      <CommentItem comment={reply} parentType={parentType} parentId={parentId} canReply={false} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : query.isSuccess ? (
        <p className="text-sm text-muted-foreground">No comments yet.</p>
      ) : null}
      <LoadMore
        hasMore={query.hasNextPage}
        isLoading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
        label="Load more comments"
        size="sm"
        className="justify-self-start"
      />
      <TextComposer
        label="Write a comment"
        submitLabel="Comment"
        maxLength={CONTENT_LIMITS.commentBodyMax}
        rows={2}
        onSubmit={send}
      />
    </section>
  );
}

function CommentItem({
  comment,
  parentType,
  parentId,
  canReply,
}: {
  comment: Comment;
  parentType: CommentParentType;
  parentId: string;
  canReply: boolean;
}) {
  const gate = useGroupGate();
  const [mode, setModeState] = useState<'view' | 'edit' | 'reply'>('view');
  const replyButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // Closing the reply or edit field gives focus back to the button that opened it (not <body>).
  const setMode = (next: 'view' | 'edit' | 'reply') => {
    const opener = mode === 'reply' ? replyButton : mode === 'edit' ? editButton : null;
    setModeState(next);
    if (next === 'view' && opener) requestAnimationFrame(() => opener.current?.focus());
  };
  const create = useCreateComment(parentType, parentId);
  const update = useUpdateComment();
  const remove = useDeleteComment(parentType, parentId);
  const target = gateTargetOf(parentType);
  const name = displayName(comment.author);

  return (
    <article className="grid gap-1" aria-label={`Comment by ${name}`}>
      <AuthorLine author={comment.author} createdAt={comment.createdAt} editedAt={comment.editedAt} size="xs" />
      {mode === 'edit' ? (
        <TextComposer
          label="Edit comment"
          submitLabel="Save"
          maxLength={CONTENT_LIMITS.commentBodyMax}
          initialValue={comment.body}
          autoFocus
          onCancel={() => setMode('view')}
          onSubmit={async (body) => {
            await update.mutateAsync({ commentId: comment.id, body }).catch(failed('Could not save the comment'));
            setMode('view');
          }}
        />
      ) : (
        <RichText text={comment.body} className="ps-8" />
      )}
      <div className="flex flex-wrap items-center gap-1 ps-6">
        <ContentLikeButton
          targetType="comment"
          targetId={comment.id}
          isLiked={comment.isLiked}
          likeCount={comment.likeCount}
          gateTarget={target}
        />
        {canReply ? (
          <Button
            ref={replyButton}
            variant="ghost"
            size="sm"
            aria-expanded={mode === 'reply'}
            onClick={() => void gate('reply', target, () => setMode('reply'))}
          >
            Reply
          </Button>
        ) : null}
        {comment.permissions.canEdit && mode === 'view' ? (
          <Button ref={editButton} variant="ghost" size="sm" onClick={() => setMode('edit')}>
            Edit
          </Button>
        ) : null}
        {comment.permissions.canDelete ? (
          <ConfirmDialog
            title="Delete this comment?"
            description="The comment and its replies will be removed for everyone."
            onConfirm={() => remove.mutateAsync(comment.id).catch(failed('Could not delete the comment'))}
            trigger={
              <Button variant="ghost" size="sm">
                Delete
              </Button>
            }
          />
        ) : null}
      </div>
      {mode === 'reply' ? (
        <div className="ps-8">
          <TextComposer
            label={`Reply to ${name}`}
            submitLabel="Reply"
            maxLength={CONTENT_LIMITS.commentBodyMax}
            rows={2}
            autoFocus
            onCancel={() => setMode('view')}
            onSubmit={(body) =>
              runGated(gate, 'reply', target, async () => {
                await create.mutateAsync({ body, replyToId: comment.id }).catch(failed('Could not reply'));
                setMode('view');
              })
            }
          />
        </div>
      ) : null}
    </article>
  );
}
