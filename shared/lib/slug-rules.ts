import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import { isReservedWord } from '#shared/constants/reserved-words.ts';
import { GROUP_LIMITS } from '#shared/constants/limits.ts';

// ASCII only, like usernames: look-alike letters from other scripts are refused.
const SLUG_CHARACTERS = /^[A-Za-z0-9-]+$/;

/** Slugs are typed in any case but stored and compared trimmed and lowercase. */
export function normalizeSlug(slug: string): string {
  return slug.trim().toLowerCase();
}

/**
 * The checks of a group slug that need no database, in order: length, characters, and the
 * reserved path words (compared trimmed and lowercased).
 */
export function slugFormatMessages(value: string): string[] {
  const messages: string[] = [];
  const slug = value.trim();
  if (slug.length < GROUP_LIMITS.slugMin) messages.push(GROUP_MESSAGES.slugTooShort);
  if (slug.length > GROUP_LIMITS.slugMax) messages.push(GROUP_MESSAGES.slugTooLong);
  if (slug !== '' && !SLUG_CHARACTERS.test(slug)) messages.push(GROUP_MESSAGES.slugCharacters);
  if (isReservedWord(slug)) messages.push(GROUP_MESSAGES.slugNotAvailable);
  return messages;
}

/** A slug suggested from a group name: lowercase words joined by hyphens, ASCII only. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, GROUP_LIMITS.slugMax)
    .replace(/-+$/g, '');
}
