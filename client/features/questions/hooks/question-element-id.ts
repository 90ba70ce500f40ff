/**
 * The id of a question card's element: what a merge, its undo and the keyboard move focus to.
 * A module of its own: the card (in the queue's first load) needs only this, not the undo's code.
 */
export const questionElementId = (questionId: string) => `question-${questionId}`;
