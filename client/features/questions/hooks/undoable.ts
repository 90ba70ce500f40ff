import { questionElementId } from './question-element-id.ts';

/**
 * Moves focus to a question's card once the lists have drawn it: it may be arriving (an undone
 * merge brings the card back when the list is read again), so the panel's list (the page, on a
 * question's own page) is watched for a few seconds; a list that went away (another page
 * opened) is not followed into the next one. Focus the person has put elsewhere meanwhile stays.
 */
export function focusQuestion(questionId: string) {
  const from = document.activeElement;
  const root = document.querySelector('[data-question-list]') ?? document.body;
  const place = (): boolean => {
    const card = document.getElementById(questionElementId(questionId));
    if (!card) return false;
    const now = document.activeElement;
    if (now === from || now === document.body || !now?.isConnected) card.focus();
    return true;
  };
  requestAnimationFrame(() => {
    if (place()) return;
    const observer = new MutationObserver(() => {
      if (place()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    window.setTimeout(() => observer.disconnect(), 3_000);
  });
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
