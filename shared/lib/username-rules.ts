import { BLOCKED_USERNAME_PARTS, BLOCKED_USERNAMES } from '#shared/constants/blocked-usernames.ts';
import { USERNAME_MIN_LENGTH } from '#shared/constants/limits.ts';
import { isReservedWord } from '#shared/constants/reserved-words.ts';

/** The spec's messages (section 5), exactly. */
export const SIGN_UP_MESSAGES = {
  invalidEmail: 'Valid email is required',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameCharacters: 'Username can only contain letters, numbers, underscores, and hyphens',
  usernameNotAvailable: 'This username is not available',
  emailRegistered: 'This email is already registered',
  usernameTaken: 'This username is already taken',
} as const;

// ASCII only: look-alike letters from other scripts (Cyrillic а, Greek ο) are refused.
const USERNAME_CHARACTERS = /^[A-Za-z0-9_-]+$/;

/** Usernames are typed in any case but stored and compared lowercase. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** Whether a username is kept back: a reserved page word, or a name that passes for staff. */
export function isUnavailableUsername(username: string): boolean {
  const name = normalizeUsername(username);
  if (name === '') return false;
  return (
    isReservedWord(name) || BLOCKED_USERNAMES.has(name) || BLOCKED_USERNAME_PARTS.some((part) => name.includes(part))
  );
}

/**
 * The sign-up checks that need no database: e-mail shape, username length,
 * characters and availability. Returns the failing messages in the spec's order.
 */
export function usernameAndEmailFormatMessages(input: { email: string; username: string }): string[] {
  const messages: string[] = [];
  const email = input.email.trim();
  if (email === '' || !email.includes('@')) messages.push(SIGN_UP_MESSAGES.invalidEmail);
  messages.push(...usernameFormatMessages(input.username));
  return messages;
}

/**
 * The username checks that need no database (length, characters,
 * availability), in the spec's order. A profile change skips availability when the name is
 * the person's own already (`isUnchanged`): a reserved name kept is not refused.
 */
export function usernameFormatMessages(value: string, options: { isUnchanged?: boolean } = {}): string[] {
  const messages: string[] = [];
  const username = value.trim();
  if (username.length < USERNAME_MIN_LENGTH) messages.push(SIGN_UP_MESSAGES.usernameTooShort);
  if (username !== '' && !USERNAME_CHARACTERS.test(username)) messages.push(SIGN_UP_MESSAGES.usernameCharacters);
  if (!options.isUnchanged && isUnavailableUsername(username)) messages.push(SIGN_UP_MESSAGES.usernameNotAvailable);
  return messages;
}

/** Whether a first-level path segment could be somebody's handle at all (before any look-up). */
export function isHandleShaped(value: string): boolean {
  return value.length >= USERNAME_MIN_LENGTH && value.length <= 64 && USERNAME_CHARACTERS.test(value);
}

/** The spec joins every failing message with '. ' into one error. */
export function joinMessages(messages: readonly string[]): string {
  return messages.join('. ');
}
