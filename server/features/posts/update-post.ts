import { eq, sql } from 'drizzle-orm';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { groupTopic } from '#shared/schemas/groups.ts';
import { CONTENT_LIVE_EVENTS } from '#shared/constants/live.ts';
import type { Post, PostUpdateInputSchema } from '#shared/schemas/posts.ts';
import type { z } from 'zod';
import { posts } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { authorizeGroupAction } from '../groups/public.ts';
import { checkPostBody, requireItemId } from './post-text.ts';
import { checkPostImages } from './post-input.ts';
import { loadPost } from './post-query.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';
import { requireViewer } from '../../lib/viewer.ts';
import { canEditContent } from '#shared/lib/permissions.ts';

/**
 * Changes a post's text or images: its author only (403 `not_author`), who must still pass
 * the rule for 'post' (and 'attach_image' when images are given): someone removed from a
 * group cannot keep rewriting there. Sets editedAt; watchers hear 'post.updated'.
 */
export async function updatePost(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  postId: string;
  input: z.output<typeof PostUpdateInputSchema>;
}): Promise<Post> {
  const { input } = options;
  const viewer = requireViewer(options.viewer);
  const postId = requireItemId(options.postId, CONTENT_MESSAGES.postNotFound);
  return options.transaction(async (tx, { emit }) => {
    const [current] = await tx
      .select({ groupId: posts.groupId, authorId: posts.authorId, body: posts.body, images: posts.images })
      .from(posts)
      .where(eq(posts.id, postId))
      .for('no key update');
    if (!current) throw notFound(CONTENT_MESSAGES.postNotFound);
    if (!canEditContent(viewer.id, current)) throw new AppError(403, 'not_author', CONTENT_MESSAGES.notAuthor);
    await authorizeGroupAction({ db: tx, viewer, groupId: current.groupId, action: 'post', target: 'posts' });
    if (input.images !== undefined && input.images.length > 0) {
      await authorizeGroupAction({ db: tx, viewer, groupId: current.groupId, action: 'attach_image', target: 'posts' });
    }
    const body = input.body === undefined ? current.body : checkPostBody(input.body);
    const images = input.images === undefined ? current.images : await checkPostImages(tx, input.images, viewer.id);
    if (body === '' && images.length === 0)
      throw badRequest(CONTENT_MESSAGES.postEmpty, { body: CONTENT_MESSAGES.postEmpty });
    await tx
      .update(posts)
      .set({ body, images, editedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(posts.id, postId));
    emit({ topic: groupTopic(current.groupId), event: CONTENT_LIVE_EVENTS.postUpdated, ids: { postId } });
    const post = await loadPost(tx, viewer.id, postId);
    if (!post) throw notFound(CONTENT_MESSAGES.postNotFound);
    return post;
  });
}
