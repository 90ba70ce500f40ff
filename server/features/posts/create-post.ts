import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { groupTopic } from '#shared/schemas/groups.ts';
import { CONTENT_LIVE_EVENTS } from '#shared/constants/live.ts';
import type { Post, PostInputSchema } from '#shared/schemas/posts.ts';
import type { z } from 'zod';
import { posts } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { authorizeGroupAction, touchGroupActivity } from '../groups/public.ts';
import { checkPostBody } from './post-text.ts';
import { checkPostImages } from './post-input.ts';
import { loadPost } from './post-query.ts';
import type { RunInTransaction } from '../../lib/transaction.ts';

/**
 * Posts in a group (action 'post' on 'posts'; images need 'attach_image' too). The text is
 * stored trimmed and otherwise exactly as typed; a post needs text or an image. The group's
 * lastActivityAt moves in the same transaction; watchers of the group hear 'post.created'.
 */
export async function createPost(options: {
  transaction: RunInTransaction;
  viewer: Viewer | null;
  groupId: string;
  input: z.output<typeof PostInputSchema>;
}): Promise<Post> {
  const { input } = options;
  return options.transaction(async (tx, { emit }) => {
    const { viewer, group } = await authorizeGroupAction({
      db: tx,
      viewer: options.viewer,
      groupId: options.groupId,
      action: 'post',
      target: 'posts',
    });
    if (input.images.length > 0) {
      await authorizeGroupAction({ db: tx, viewer, groupId: group.id, action: 'attach_image', target: 'posts' });
    }
    const body = checkPostBody(input.body);
    const images = await checkPostImages(tx, input.images, viewer.id);
    if (body === '' && images.length === 0)
      throw badRequest(CONTENT_MESSAGES.postEmpty, { body: CONTENT_MESSAGES.postEmpty });
    const [row] = await tx
      .insert(posts)
      .values({ groupId: group.id, authorId: viewer.id, body, images })
      .returning({ id: posts.id });
    if (!row) throw new Error('no post row');
    await touchGroupActivity(tx, group.id);
    emit({ topic: groupTopic(group.id), event: CONTENT_LIVE_EVENTS.postCreated, ids: { postId: row.id } });
    const post = await loadPost(tx, viewer.id, row.id);
    if (!post) throw new Error('post vanished');
    return post;
  });
}
