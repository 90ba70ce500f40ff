import { sql, type SQL } from 'drizzle-orm';
import { FRESH_ORDER } from '#shared/constants/fair-queue.ts';
import { questions } from '../../db/schema/index.ts';

// Literals, not parameters: one statement text per shape, and the same arithmetic for a row and
// for a cursor (see freshScore).
const GRAVITY = sql.raw(`${FRESH_ORDER.gravity}::float8`);
const OFFSET_HOURS = sql.raw(`${FRESH_ORDER.offsetHours}::float8`);

/**
 * The "fresh" order's score (docs/live-qa/fair-queue.md): (votes + 1) / (age + 2) ^ 1.5, the age
 * in hours from `createdAt` to `reference`, never below zero (a question asked after the
 * reference time counts as just asked). Double precision throughout: a row's score and the score
 * a cursor's (votes, time) give are the same expression on the same values, so they compare equal
 * to the last bit and a page starts exactly after the one before.
 */
export function freshScore(votes: SQL, createdAt: SQL, reference: SQL): SQL<number> {
  const ageHours = sql`greatest(extract(epoch from (${reference} - ${createdAt}))::float8 / 3600, 0::float8)`;
  return sql<number>`((${votes} + 1)::float8 / power(${ageHours} + ${OFFSET_HOURS}, ${GRAVITY}))`;
}

/** A question's own fresh score against `reference` (a timestamptz). */
export function questionFreshScore(reference: SQL): SQL<number> {
  return freshScore(sql`${questions.likeCount}`, sql`${questions.createdAt}`, reference);
}

/**
 * The group's answer-later list: questions carried there (answer_later_at set) that still wait,
 * open, not hidden, not merged, and not the pinned one (it comes in `pinned`). Everyone may read
 * it, like the open queue.
 */
export function answerLaterCondition(): SQL {
  return sql`${questions.mergedIntoId} is null and ${questions.answerLaterAt} is not null
    and ${questions.status} = 'open' and not ${questions.isHidden} and ${questions.pinnedAt} is null`;
}
