import type { RateRule } from '../../plugins/rate-limit.ts';

/** Limits of the question queue, per account: plenty for a live AMA, too few for a flood. */
export const QUESTION_RATE_RULES = {
  questionsPerAccount: {
    name: 'question-ask:account',
    limit: 30,
    windowSeconds: 60 * 60,
    what: 'Too many questions',
  },
  /** The host's answers and moderation (pins, hides, approvals, status changes) together. */
  hostActionsPerAccount: {
    name: 'question-host:account',
    limit: 600,
    windowSeconds: 60 * 60,
    what: 'Too many answers and moderation actions',
  },
  /** Edits and deletions of questions. */
  questionChangesPerAccount: {
    name: 'question-change:account',
    limit: 600,
    windowSeconds: 60 * 60,
    what: 'Too many question edits',
  },
} satisfies Record<string, RateRule>;
