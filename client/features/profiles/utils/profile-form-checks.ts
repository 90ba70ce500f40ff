import { PROFILE_LIMITS } from '#shared/constants/limits.ts';
import { PROFILE_MESSAGES } from '#shared/constants/profile-messages.ts';
import { joinMessages, normalizeUsername, usernameFormatMessages } from '#shared/lib/username-rules.ts';
import type { Profile } from '#shared/schemas/accounts.ts';
import type { ProfileUpdateInput } from '#shared/schemas/profiles.ts';

/** The editable text fields of a profile. */
export type ProfileFormValues = { name: string; username: string; quote: string };

/** A message per failing field; a field that passes is absent. */
export type ProfileFieldErrors = Partial<Record<keyof ProfileFormValues, string>>;

/** The form's starting values: the profile as saved. */
export function profileFormValues(profile: Pick<Profile, 'name' | 'username' | 'quote'>): ProfileFormValues {
  return { name: profile.name, username: profile.username, quote: profile.quote };
}

/** Whether the username field names the current username (case and spaces aside). */
export function isSameUsername(value: string, current: string): boolean {
  return normalizeUsername(value) === normalizeUsername(current);
}

/**
 * The checks the server runs first, with its texts (shared/), for instant feedback: sign-up's
 * username rules and the profile's limits, after trimming as the server does.
 * Only changed fields are checked: keeping what is saved is always fine, even a username a newer
 * rule would refuse.
 */
export function profileFieldErrors(values: ProfileFormValues, saved: ProfileFormValues): ProfileFieldErrors {
  const errors: ProfileFieldErrors = {};
  const name = values.name.trim();
  if (values.name !== saved.name) {
    if (name === '') errors.name = PROFILE_MESSAGES.nameEmpty;
    else if (name.length > PROFILE_LIMITS.nameMax) errors.name = PROFILE_MESSAGES.nameTooLong;
  }
  if (!isSameUsername(values.username, saved.username)) {
    const messages = usernameFormatMessages(values.username);
    if (values.username.trim().length > PROFILE_LIMITS.usernameMax) messages.push(PROFILE_MESSAGES.usernameTooLong);
    if (messages.length > 0) errors.username = joinMessages(messages);
  }
  if (values.quote !== saved.quote && values.quote.trim().length > PROFILE_LIMITS.quoteMax) {
    errors.quote = PROFILE_MESSAGES.quoteTooLong;
  }
  return errors;
}

/** Only what differs from the saved profile: an unchanged field is not sent. */
export function profileChanges(values: ProfileFormValues, saved: ProfileFormValues): ProfileUpdateInput {
  const changes: ProfileUpdateInput = {};
  if (values.name !== saved.name) changes.name = values.name;
  if (!isSameUsername(values.username, saved.username)) changes.username = values.username.trim();
  if (values.quote !== saved.quote) changes.quote = values.quote;
  return changes;
}
