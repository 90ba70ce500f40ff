import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type RefObject } from 'react';

import { toast } from '#client/components/ui/toast.ts';
import { duplicateQuestionsQueryOptions } from '#client/features/questions/api/get-duplicates.ts';
import { moderateQuestion } from '#client/features/questions/api/moderate-question.ts';
import { settleQuestion } from '#client/features/questions/api/settle-question.ts';
import { isTyping } from '#client/features/questions/components/moderation-keys.ts';

import { focusQuestion, lastUndoableAction, rememberUndoable } from './undoable.ts';
import { useMergeWithUndo } from './use-merge-with-undo.ts';

/** The card holding focus, if it is one of the panel's. */
function focusedCard(root: HTMLElement): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement)) return null;
  const card = active.closest<HTMLElement>('[data-question-id]');
  return card && root.contains(card) ? card : null;
}

/** Presses one of a card's own buttons (`data-action`), as a click would. */
function press(card: HTMLElement | null, action: string): boolean {
  const button = card?.querySelector<HTMLButtonElement>(`[data-action="${action}"]:not([disabled])`);
  if (!button) return false;
  button.click();
  return true;
}

/**
 * The host's keys in the questions panel (MODERATION_KEYS): j / k move between the cards of
 * `container`, p pins, a answers, h hides (its reason picker), m merges into the closest possible
 * duplicate, u undoes the last merge or hide, ? shows the keys. Keys typed in a field, or with
 * Ctrl, Alt or ⌘, are left alone.
 */
export function useModerationKeys({
  enabled,
  container,
  groupId,
  onHelp,
}: {
  enabled: boolean;
  container: RefObject<HTMLElement | null>;
  groupId: string;
  onHelp: () => void;
}) {
  const queryClient = useQueryClient();
  const { mergeInto, undoMergeOf } = useMergeWithUndo();
  // the listener is added once; what it calls is read fresh
  const latest = useRef({ mergeInto, undoMergeOf, onHelp });
  useEffect(() => {
    latest.current = { mergeInto, undoMergeOf, onHelp };
  });

  useEffect(() => {
    if (!enabled) return;
    const mergeIntoClosest = async (questionId: string) => {
      try {
        const { questions } = await queryClient.fetchQuery(duplicateQuestionsQueryOptions(groupId, questionId));
        const closest = questions[0];
        if (!closest) {
          toast('No possible duplicate of this question');
          return;
        }
        await latest.current.mergeInto(questionId, closest.id);
      } catch (error) {
        toast.error('Possible duplicates could not be loaded', { description: (error as Error).message });
      }
    };
    const undoLast = async () => {
      const last = lastUndoableAction();
      if (!last) {
        toast('Nothing to undo');
        return;
      }
      if (last.kind === 'merge') {
        await latest.current.undoMergeOf(last.questionId);
        return;
      }
      try {
        const question = await moderateQuestion({ questionId: last.questionId, changes: { isHidden: false } });
        rememberUndoable(null);
        void settleQuestion(queryClient, question);
        toast.success('Question shown again');
        focusQuestion(question.id);
      } catch (error) {
        toast.error('Could not show it again', { description: (error as Error).message });
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const root = container.current;
      if (!root || event.defaultPrevented || isTyping(event)) return;
      const card = focusedCard(root);
      const questionId = card?.dataset.questionId;
      switch (event.key) {
        case 'j':
        case 'k': {
          const cards = [...root.querySelectorAll<HTMLElement>('[data-question-id]')];
          const index = card ? cards.indexOf(card) : -1;
          const next = event.key === 'j' ? cards[Math.min(cards.length - 1, index + 1)] : cards[Math.max(0, index - 1)];
          // focus scrolls it into view
          next?.focus();
          break;
        }
        case 'p':
          if (!press(card, 'pin')) return;
          break;
        case 'a':
          if (!press(card, 'answer')) return;
          break;
        case 'h': {
          const hide = card?.querySelector<HTMLButtonElement>('[data-action="hide"]');
          // an open picker stays open (its first reason has focus); a hidden question is not hidden again
          if (!hide || hide.getAttribute('aria-expanded') !== 'false') return;
          hide.click();
          break;
        }
        case 'm':
          if (!questionId || !card?.querySelector('[data-action="duplicates"]')) return;
          void mergeIntoClosest(questionId);
          break;
        case 'u':
          void undoLast();
          break;
        case '?':
          latest.current.onHelp();
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled, container, groupId, queryClient]);
}
