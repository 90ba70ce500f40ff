/** The id of a question card's element: what a merge, its undo and the keyboard move focus to. */
export const questionElementId = (questionId: string) => `question-${questionId}`;

/** Moves focus to a question's card once the lists have drawn it (it may be arriving). */
export function focusQuestion(questionId: string) {
  requestAnimationFrame(() => document.getElementById(questionElementId(questionId))?.focus());
}

/** The host's last merge or hide in this tab, not undone since: what the keyboard's `u` takes back. */
export type UndoableAction = { kind: 'merge' | 'hide'; questionId: string };
let lastAction: UndoableAction | null = null;

export const lastUndoableAction = () => lastAction;

export function rememberUndoable(action: UndoableAction | null) {
  lastAction = action;
}

/** Forgets the last action if it was on `questionId` (it was undone). */
export function forgetUndoable(questionId: string) {
  if (lastAction?.questionId === questionId) lastAction = null;
}
