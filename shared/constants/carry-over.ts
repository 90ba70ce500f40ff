/** Carry-over's limit and words, shared by the server's checks and the client's form (no zod here). */

/** The most questions one carry names with `top`. */
export const CARRY_TOP_MAX = 500;

/** The texts people see about carry-over. */
export const CARRY_MESSAGES = {
  topRange: `Carry between 1 and ${CARRY_TOP_MAX} questions`,
  notEnded: 'Only the open questions of an ended session can be carried over: end the session first',
  notHost: 'Only the host of the group can carry questions over',
  clearNotHost: 'Only the host of the group can clear its answer-later list',
} as const;
