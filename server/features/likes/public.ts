// What other features use of likes; everything else in this folder is the feature's own.

// a deleted post, question, answer or comment takes its likes along
export { deleteLikesOf } from './delete-likes.ts';
