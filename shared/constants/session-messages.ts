/** Limits of an AMA session (event), checked by the form and the server alike. */
export const SESSION_LIMITS = {
  titleMin: 3,
  titleMax: 120,
  descriptionMax: 2000,
  durationMin: 5,
  durationMax: 1440,
  /** A start time may lie this far in the past (a clock a little off, a form filled slowly). */
  pastToleranceMinutes: 5,
  pageSize: 20,
  /** How long a presence row counts someone as watching after its process last refreshed it. */
  presenceWindowSeconds: 45,
  /** How often each server process refreshes the presence rows of its own live connections. */
  presenceRefreshSeconds: 15,
  /** How often the session page reads who is watching again, besides `presence.changed`. */
  viewersRefetchSeconds: 20,
  /** How many signed-in viewers GET /viewers names. */
  viewersShown: 12,
} as const;

/** The texts people see about sessions, the same on both sides. */
export const SESSION_MESSAGES = {
  notFound: 'This session does not exist',
  notHost: 'Only the host of the group can manage its sessions',
  onlyAma: 'Sessions can only be scheduled in AMA groups',
  titleTooShort: `The title needs at least ${SESSION_LIMITS.titleMin} characters`,
  titleTooLong: `The title can have at most ${SESSION_LIMITS.titleMax} characters`,
  descriptionTooLong: `The description can have at most ${SESSION_LIMITS.descriptionMax} characters`,
  durationRange: `The duration must be between ${SESSION_LIMITS.durationMin} and ${SESSION_LIMITS.durationMax} minutes`,
  startsAtInvalid: 'Enter a valid start date and time',
  startsAtPast: 'The start time cannot be in the past',
  alreadyStarted: 'This session has already started',
  alreadyEnded: 'This session has already ended',
  notStarted: 'This session has not started yet: start it before ending it',
  endedNoEdit: 'An ended session can no longer be edited',
  sessionOfOtherGroup: 'This session belongs to another group',
  transcriptHostOnly: 'Only the host can download the transcript',
} as const;
