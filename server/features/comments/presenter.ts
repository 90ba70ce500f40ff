import { canDeleteContent, canEditContent } from '#shared/lib/permissions.ts';
import type { Comment } from '#shared/schemas/comments.ts';
import { comments, users } from '../../db/schema/index.ts';
import type { ViewerParam } from '../../lib/viewer.ts';
import { viewerLikes } from '../../lib/viewer-likes.ts';
import { isoTime, isoTimeOrNull } from '../../lib/iso-time.ts';

export type CommentRow = typeof comments.$inferSelect & {
  authorUsername: string;
  authorName: string;
  authorImage: string;
  isLiked: boolean;
};

/** The columns `presentComment` needs, for a select of comments joined with their author (as `users`). */
export function commentColumns(viewerId: ViewerParam) {
  return {
    id: comments.id,
    groupId: comments.groupId,
    parentType: comments.parentType,
    parentId: comments.parentId,
    replyToId: comments.replyToId,
    authorId: comments.authorId,
    body: comments.body,
    likeCount: comments.likeCount,
    createdAt: comments.createdAt,
    updatedAt: comments.updatedAt,
    editedAt: comments.editedAt,
    authorUsername: users.username,
    authorName: users.name,
    authorImage: users.profileImageUrl,
    isLiked: viewerLikes(viewerId, 'comment', comments.id),
  };
}

/** A comment or reply for the API. */
export function presentComment(row: CommentRow, context: { viewerId: string | null; ownerId: string }): Comment {
  return {
    id: row.id,
    groupId: row.groupId,
    parentType: row.parentType,
    parentId: row.parentId,
    replyToId: row.replyToId,
    author: { id: row.authorId, username: row.authorUsername, name: row.authorName, profileImageURL: row.authorImage },
    body: row.body,
    likeCount: row.likeCount,
    isLiked: context.viewerId !== null && row.isLiked,
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
