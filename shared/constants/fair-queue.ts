/**
 * Anonymous questions and the fair queue of ama groups: the cap on one person's open questions,
 * the "fresh" order and the words both sides show. docs/live-qa/fair-queue.md and
 * docs/live-qa/anonymous-questions.md explain them.
 */

/** The limits of a group's cap on open questions per person (the group schemas check them too). */
export const OPEN_QUESTION_CAP = { min: 1, max: 100 } as const;

/**
 * The "fresh" order's score of a question (Hacker News' gravity): its votes plus one, divided by
 * its age in hours plus `offsetHours`, raised to `gravity`. The age is counted to a reference
 * time fixed when the first page is read (and carried in the cursor), never below zero.
 */
export const FRESH_ORDER = {
  gravity: 1.5,
  offsetHours: 2,
} as const;

/** The fresh order's score, as the server computes it in SQL (for docs, tests and worked examples). */
export function freshScore(votes: number, ageHours: number): number {
  return (votes + 1) / (Math.max(ageHours, 0) + FRESH_ORDER.offsetHours) ** FRESH_ORDER.gravity;
}

const questionsWord = (count: number) => (count === 1 ? 'question' : 'questions');

/** The texts people see about anonymous questions and the fair queue, the same on both sides. */
export const FAIR_QUEUE_MESSAGES = {
  anonymousNotAllowed: 'This group does not take anonymous questions.',
  /** The 409 of an ask beyond the group's cap. */
  capReached: (cap: number) =>
    `You have ${cap} open ${questionsWord(cap)} here, the most this group allows at once. You can ask again when one is answered.`,
  /** The ask box's line under the field when the group sets a cap. */
  capHint: (cap: number) => `You can have up to ${cap} open ${questionsWord(cap)} here.`,
  askAnonymously: 'Ask anonymously',
  askAnonymouslyHint: 'Nobody sees who asked, not even the host.',
  revealAsker: 'Reveal asker',
  revealConfirm:
    'The asker chose to stay anonymous. Looking is recorded in the audit log with your name. Reveal who asked?',
  questionNotAnonymous: 'This question was not asked anonymously.',
  questionNotFound: 'This question does not exist.',
} as const;

/** The error code of the 409 an ask beyond the cap gets (the ask box tells it apart). */
export const CAP_REACHED_CODE = 'open_question_cap';
