// What other features use of comments; everything else in this folder is the feature's own.

// a deleted post or question takes its comments along; an administrator removes one comment's tree
export { deleteCommentsOf, deleteCommentTree } from './delete-comments.ts';
export { loadCommentParent, moveCommentCount } from './comment-parent.ts';
