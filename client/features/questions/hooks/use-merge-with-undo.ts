import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { toast } from '#client/components/ui/toast.ts';
import { queueKeys } from '#client/features/content/api/query-keys.ts';
import { mergeQuestion, undoMerge } from '#client/features/questions/api/merge-question.ts';
import { settleQuestion } from '#client/features/questions/api/settle-question.ts';
import type { QuestionMergeResponse } from '#shared/schemas/question-merges.ts';

import { focusQuestion, forgetUndoable, rememberUndoable } from './undoable.ts';

const quote = (text: string) => `“${text.length > 60 ? `${text.slice(0, 59)}…` : text}”`;

function settleBoth(queryClient: QueryClient, { merged, into }: QuestionMergeResponse) {
  void settleQuestion(queryClient, into);
  void settleQuestion(queryClient, merged);
  // what reads like what changed: every card's possible duplicates are read again
  void queryClient.invalidateQueries({ queryKey: queueKeys.duplicates(merged.groupId) });
}

/**
 * Merging with the toast that reports it: "Merged into “…”" with an Undo action, focus on the
 * question it went into; the undo brings both back and focus to the merged one. Plain fetches,
 * not a mutation of the card: the card of the merged question leaves the list, while its toast
 * still offers the undo.
 */
export function useMergeWithUndo() {
  const queryClient = useQueryClient();
  const [isBusy, setIsBusy] = useState(false);

  const undoMergeOf = async (questionId: string): Promise<boolean> => {
    setIsBusy(true);
    try {
      const result = await undoMerge(questionId);
      settleBoth(queryClient, result);
      forgetUndoable(questionId);
      toast.success('Merge undone', { description: 'Both questions are back as they were.' });
      focusQuestion(result.merged.id);
      return true;
    } catch (error) {
      toast.error('Could not undo the merge', { description: (error as Error).message });
      return false;
    } finally {
      setIsBusy(false);
    }
  };

  const mergeInto = async (questionId: string, intoQuestionId: string): Promise<boolean> => {
    setIsBusy(true);
    try {
      const result = await mergeQuestion({ questionId, intoQuestionId });
      settleBoth(queryClient, result);
      rememberUndoable({ kind: 'merge', questionId });
      toast.success(`Merged into ${quote(result.into.body)}`, {
        description: `It has ${String(result.into.likeCount)} ${result.into.likeCount === 1 ? 'vote' : 'votes'} now.`,
        action: { label: 'Undo', onClick: () => void undoMergeOf(questionId) },
      });
      focusQuestion(result.into.id);
      return true;
    } catch (error) {
      toast.error('Could not merge the question', { description: (error as Error).message });
      return false;
    } finally {
      setIsBusy(false);
    }
  };

  return { mergeInto, undoMergeOf, isBusy };
}
