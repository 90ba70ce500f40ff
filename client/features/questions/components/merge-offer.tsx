import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import { Button } from '#client/components/ui/button.tsx';
import {
  duplicateQuestionsQueryOptions,
  useDuplicateQuestions,
} from '#client/features/questions/api/get-duplicates.ts';
import type { Question } from '#shared/schemas/questions.ts';

import { DuplicatesList } from './duplicates-list.tsx';

/**
 * The merge of an open question, in its card's actions (loaded lazily, for whoever may merge it:
 * the host, or its asker). The host gets "Possible duplicates", whose list is read when the card
 * takes focus or the list opens; the asker gets "Merge into an existing question" only when there
 * is a question like theirs, so their card asks at once.
 */
export function MergeOffer({ question, isHost }: { question: Question; isHost: boolean }) {
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const duplicates = useDuplicateQuestions(question.groupId, question.id, !isHost || isOpen);
  const { groupId, id } = question;

  useEffect(() => {
    if (!isHost) return;
    const card = button.current?.closest('article');
    const warm = () => void queryClient.prefetchQuery(duplicateQuestionsQueryOptions(groupId, id));
    card?.addEventListener('focusin', warm, { once: true });
    return () => card?.removeEventListener('focusin', warm);
  }, [isHost, queryClient, groupId, id]);

  if (!isHost && (duplicates.data?.questions.length ?? 0) === 0) return null;
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        aria-expanded={isOpen}
        data-action="duplicates"
        onClick={() => setIsOpen((open) => !open)}
      >
        {isHost ? 'Possible duplicates' : 'Merge into an existing question'}
      </Button>
      {isOpen ? (
        <section aria-label="Possible duplicates" className="grid basis-full gap-2 pt-1">
          <DuplicatesList groupId={groupId} questionId={id} />
        </section>
      ) : null}
    </>
  );
}
