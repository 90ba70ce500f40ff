import { canDeleteContent, canEditContent } from '#shared/lib/permissions.ts';
import type { LikedBy, Post } from '#shared/schemas/posts.ts';
import { posts, users } from '../../db/schema/index.ts';
import type { ViewerParam } from '../../lib/viewer.ts';
import { viewerLikes } from '../../lib/viewer-likes.ts';
import { isoTime, isoTimeOrNull } from '../../lib/iso-time.ts';

/** The public columns of an author (joined as `users`). */
const authorColumns = {
  authorUsername: users.username,
  authorName: users.name,
  authorImage: users.profileImageUrl,
};

/** A post's row without its search vector (search alone reads that) and its likers preview (read as `likers`). */
export type PostRow = Omit<typeof posts.$inferSelect, 'searchVector' | 'recentLikers'> & {
  authorUsername: string;
  authorName: string;
  authorImage: string;
  isLiked: boolean;
};

/** The columns `presentPost` needs, for a select of posts joined with their author. */
export function postColumns(viewerId: ViewerParam) {
  return {
    id: posts.id,
    groupId: posts.groupId,
    authorId: posts.authorId,
    body: posts.body,
    images: posts.images,
    likeCount: posts.likeCount,
    commentCount: posts.commentCount,
    createdAt: posts.createdAt,
    updatedAt: posts.updatedAt,
    editedAt: posts.editedAt,
    ...authorColumns,
    isLiked: viewerLikes(viewerId, 'post', posts.id),
  };
}

/** A post for the API. */
export function presentPost(
  row: PostRow,
  context: { viewerId: string | null; ownerId: string; likedBy: LikedBy },
): Post {
  return {
    id: row.id,
    groupId: row.groupId,
    author: { id: row.authorId, username: row.authorUsername, name: row.authorName, profileImageURL: row.authorImage },
    body: row.body,
    images: row.images.map(({ url, width, height }) => ({ url, width, height })),
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    isLiked: context.viewerId !== null && row.isLiked,
    likedBy: context.likedBy,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
    editedAt: isoTimeOrNull(row.editedAt),
    // the rule the write checks too (shared/lib/permissions.ts)
    permissions: {
      canEdit: canEditContent(context.viewerId, { authorId: row.authorId }),
      canDelete: canDeleteContent(context.viewerId, { authorId: row.authorId, hostId: context.ownerId }),
    },
  };
}
