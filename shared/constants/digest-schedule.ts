/** The texts of the digest schedule, the same on both sides. */
export const DIGEST_SCHEDULE_MESSAGES = {
  invalidTimeZone: 'That time zone is not one Townhall knows: choose one from the list, such as Europe/Paris.',
  notSaved: 'Your digest schedule was not saved',
} as const;

/** The default schedule of a new account: Mondays at 08:00 UTC. */
export const DEFAULT_DIGEST_SCHEDULE = { weekday: 1, hour: 8, timeZone: 'UTC' } as const;

/**
 * Whether the runtime knows `timeZone` as an IANA name ('Europe/Paris', 'UTC'). Intl throws a
 * RangeError for any other.
 */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
