/**
 * Numbers and texts of host analytics (a session's and a group's figures), kept once for the
 * server (which answers them) and the client (which shows them).
 */
export const HOST_ANALYTICS_LIMITS = {
  /** The most voted visible questions listed. */
  topQuestions: 5,
  /** A group's sessions listed, newest first. */
  sessionsListed: 50,
} as const;

export const HOST_ANALYTICS_MESSAGES = {
  signIn: 'Sign in to see analytics',
  hostOnly: 'Only the host and administrators can see analytics',
} as const;
