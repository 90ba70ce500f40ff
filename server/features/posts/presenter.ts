import { eq } from 'drizzle-orm';
import { canDeleteContent, canEditContent } from '#shared/lib/permissions.ts';
import type { GroupPerson } from '#shared/schemas/groups.ts';
import type { Comment, LikedBy, Post } from '#shared/schemas/posts.ts';
import { comments, posts, users } from '../../db/schema/index.ts';
import type { ViewerParam } from '../../lib/viewer.ts';
import { viewerLikes } from '../../lib/viewer-likes.ts';
import { isoTime, isoTimeOrNull } from '../../lib/iso-time.ts';

/** The public columns of an author (joined as `users`). */
export const authorColumns = {
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
export type CommentRow = typeof comments.$inferSelect & {
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

/** The columns `presentComment` needs, for a select of comments joined with their author. */
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
    ...authorColumns,
    isLiked: viewerLikes(viewerId, 'comment', comments.id),
  };
}

/** Joins the author of `authorIdColumn`. */
export const joinAuthor = (authorIdColumn: typeof posts.authorId | typeof comments.authorId) =>
  eq(users.id, authorIdColumn);

function presentAuthor(row: { authorId: string; authorUsername: string; authorName: string; authorImage: string }) {
  return { id: row.authorId, username: row.authorUsername, name: row.authorName, profileImageURL: row.authorImage };
}

/** Who may edit and delete an item (shared/lib/permissions.ts, the rule the write checks too). */
function permissionsOf(authorId: string, viewerId: string | null, hostId: string) {
  return {
    canEdit: canEditContent(viewerId, { authorId }),
    canDelete: canDeleteContent(viewerId, { authorId, hostId }),
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
    author: presentAuthor(row),
    body: row.body,
    images: row.images.map(({ url, width, height }) => ({ url, width, height })),
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    isLiked: context.viewerId !== null && row.isLiked,
    likedBy: context.likedBy,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
    editedAt: isoTimeOrNull(row.editedAt),
    permissions: permissionsOf(row.authorId, context.viewerId, context.ownerId),
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
    author: presentAuthor(row),
    body: row.body,
    likeCount: row.likeCount,
    isLiked: context.viewerId !== null && row.isLiked,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
    editedAt: isoTimeOrNull(row.editedAt),
    permissions: permissionsOf(row.authorId, context.viewerId, context.ownerId),
  };
}

/** A person as like lists show them. */
export function presentPerson(row: {
  id: string;
  username: string;
  name: string;
  profileImageUrl: string;
}): GroupPerson {
  return { id: row.id, username: row.username, name: row.name, profileImageURL: row.profileImageUrl };
}
