// What other features use of questions; everything else in this folder is the feature's own.

// who sees a hidden or pending question and what hangs under it (comments, likes)
export { requireVisibleQuestion } from './question-visibility.ts';
// an administrator removes a question or an answer with the locks and side effects of the author's delete
export { lockQuestion } from './lock-question.ts';
export { removeQuestion } from './delete-question.ts';
