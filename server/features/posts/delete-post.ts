import { eq } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { groupTopic } from '#shared/schemas/groups.ts';
import { CONTENT_LIVE_EVENTS } from '#shared/constants/live.ts';
import { groups, posts } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { deleteCommentsOf } from '../comments/public.ts';
import { deleteLikesOf } from '../likes/public.ts';
import { requireItemId } from './post-text.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireViewer } from '../../lib/viewer.ts';
import { canDeleteContent } from '#shared/lib/permissions.ts';

/**
 * Deletes a post: its author, or the group's host (moderation). One transaction: the post row
 * is locked first (comments and likes being added wait, then find it gone), then its comments,
 * their likes and its own likes go with it. Watchers hear 'post.deleted'.
 */
export async function deletePost(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  postId: string;
}): Promise<void> {
  const viewer = requireViewer(options.viewer);
  const postId = requireItemId(options.postId, CONTENT_MESSAGES.postNotFound);
  await options.transaction(async (tx, { emit }) => {
    const [post] = await tx
      .select({ groupId: posts.groupId, authorId: posts.authorId, ownerId: groups.ownerId })
      .from(posts)
      .innerJoin(groups, eq(groups.id, posts.groupId))
      .where(eq(posts.id, postId))
      .for('update', { of: posts });
    if (!post) throw notFound(CONTENT_MESSAGES.postNotFound);
    if (!canDeleteContent(viewer.id, { authorId: post.authorId, hostId: post.ownerId })) {
      throw new AppError(403, 'forbidden', CONTENT_MESSAGES.cannotDelete);
    }
    await deleteCommentsOf(tx, 'post', [postId]);
    await deleteLikesOf(tx, 'post', [postId]);
    await tx.delete(posts).where(eq(posts.id, postId));
    emit({ topic: groupTopic(post.groupId), event: CONTENT_LIVE_EVENTS.postDeleted, ids: { postId } });
  });
}
