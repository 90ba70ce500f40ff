import { useState } from 'react';

import { useLiveTopic } from '#client/lib/use-live-topic.ts';
import { CONTENT_LIVE_EVENTS, groupTopic } from '#shared/constants/live.ts';
import type { Question } from '#shared/schemas/questions.ts';

/** A question answered while the viewer watched it, held where it was (answer-arrival.tsx shows it). */
export type Arrival = {
  id: string;
  /** The card above it then (null: the first, or the pinned slot's), where it stays. */
  afterId: string | null;
  /** Its place then, for when the card above has gone too. */
  index: number;
  /** It as it was, shown until its answered version arrives. */
  question: Question;
};

/** A card of the list: a question, and whether it is one held with its new answer. */
export type PlacedQuestion = { question: Question; arrival: Arrival | null };

/**
 * The list as the viewer sees it: the queue's questions, with each held one (answered, so gone
 * from the Open list) put back where it was, below the card that was above it. The others keep
 * their places; one that is in the queue anyway (reopened) or in the pinned slot shows once.
 */
export function placeArrivals(
  questions: readonly Question[],
  arrivals: readonly Arrival[],
  pinnedId: string | null,
): PlacedQuestion[] {
  const held = new Map(arrivals.map((arrival) => [arrival.id, arrival]));
  const placed: PlacedQuestion[] = questions.map((question) => ({ question, arrival: held.get(question.id) ?? null }));
  for (const arrival of [...arrivals].sort((a, b) => a.index - b.index)) {
    if (arrival.id === pinnedId || placed.some((item) => item.question.id === arrival.id)) continue;
    const above = arrival.afterId === null ? -1 : placed.findIndex((item) => item.question.id === arrival.afterId);
    const at = arrival.afterId === null ? 0 : above >= 0 ? above + 1 : Math.min(arrival.index, placed.length);
    placed.splice(at, 0, { question: arrival.question, arrival });
  }
  return placed;
}

/**
 * Holds each question that gets its answer while the viewer watches the list (`isWatching`: the
 * Open view), so it stays in place showing the answer instead of leaving at once: the live
 * 'question.answered' of a card on screen (or of the pinned one) holds it, until the viewer
 * dismisses it or `clear` is called (the view or the sort changed). `onFirst` runs at each new
 * hold (to fetch the code that shows it). Returns the list to show (placeArrivals).
 */
export function useAnswerArrivals({
  groupId,
  isWatching,
  questions,
  pinned,
  onFirst,
}: {
  groupId: string;
  isWatching: boolean;
  /** The queue's questions, in order, without the pinned one. */
  questions: readonly Question[];
  pinned: Question | null;
  onFirst: () => void;
}) {
  const [arrivals, setArrivals] = useState<Arrival[]>([]);
  const placed = placeArrivals(questions, arrivals, pinned?.id ?? null);

  // useLiveTopic calls the latest of these: `placed` is the list on screen when the event comes
  useLiveTopic(isWatching ? groupTopic(groupId) : null, (event) => {
    const id = event.ids.questionId;
    if (event.event !== CONTENT_LIVE_EVENTS.questionAnswered || typeof id !== 'string') return;
    const index = placed.findIndex((item) => item.question.id === id);
    const question = pinned?.id === id ? pinned : placed[index]?.question;
    if (!question || arrivals.some((arrival) => arrival.id === id)) return;
    onFirst();
    const afterId = pinned?.id === id ? null : (placed[index - 1]?.question.id ?? null);
    setArrivals((current) => [...current, { id, question, afterId, index: Math.max(0, index) }]);
  });

  return {
    placed,
    arrivals,
    dismiss: (id: string) => setArrivals((current) => current.filter((arrival) => arrival.id !== id)),
    clear: () => setArrivals([]),
  };
}
