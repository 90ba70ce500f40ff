/**
 * Usernames nobody may take besides the reserved page words: names that would pass for the
 * site's staff or for the site itself. Matching is on the lowercased name.
 */
export const BLOCKED_USERNAMES: ReadonlySet<string> = new Set([
  'administrator',
  'admins',
  'moderator',
  'moderators',
  'mod',
  'mods',
  'staff',
  'support-team',
  'helpdesk',
  'official',
  'owner',
  'root',
  'superuser',
  'sysadmin',
  'system',
  'security',
  'team',
  'everyone',
  'here',
  'null',
  'undefined',
  'anonymous',
  'me',
  'you',
  'townhall',
  'no-reply',
  'noreply',
  'postmaster',
  'webmaster',
  'abuse',
  // First-level pages of Townhall that the spec's reserved words (reserved-words.ts) do not name.
  'forgot-password',
  'reset-password',
  'search',
]);

/** Parts that make a name look official wherever they stand in it (admin123, townhall_help). */
export const BLOCKED_USERNAME_PARTS = ['admin', 'moderator', 'townhall'] as const;
