/**
 * Pure rules of the avatar: the initials shown without a picture and which of the
 * AVATAR_GRADIENT_COUNT gradients a person gets.
 */
import { AVATAR_GRADIENT_COUNT } from '#shared/constants/ui.ts';

/** Presence states an avatar can show as a dot. */
export const AVATAR_STATUSES = ['online', 'away', 'busy', 'offline'] as const;
/** One presence state. */
export type AvatarStatus = (typeof AVATAR_STATUSES)[number];

/** What assistive technology says for each status dot (the colour alone says nothing to them). */
export const AVATAR_STATUS_LABELS: Record<AvatarStatus, string> = {
  online: 'Online',
  away: 'Away',
  busy: 'Busy',
  offline: 'Offline',
};

/** The first letters of up to two words of the name, uppercased; '?' without a name. */
export function getInitials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  // Array.from splits by code point, so a name starting with an emoji or a supplementary-plane
  // letter keeps the whole character instead of half a surrogate pair.
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}

/**
 * A stable non-negative 32-bit number for a string id: FNV-1a over its UTF-16 code units.
 * Chosen because it is tiny, has no dependency, spreads similar ids (user-1, user-2) apart, and
 * gives the same answer in every browser and on the server, so a person keeps one colour everywhere.
 */
export function hashString(text: string): number {
  let hash = 0x811c9dc5; // FNV offset basis
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193); // FNV prime, multiplied modulo 2^32
  }
  return hash >>> 0;
}

function positiveModulo(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}

/** `digits` (a decimal number of any length) modulo `divisor`, exactly, without BigInt. */
function decimalStringModulo(digits: string, divisor: number): number {
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % divisor;
  return remainder;
}

/**
 * Which gradient (0 to AVATAR_GRADIENT_COUNT - 1) a person gets: the user id modulo the count.
 * A numeric id, or a string of digits, uses its number; any other string is hashed first
 * (hashString). Without an id, `fallbackKey` (usually the name) is hashed, so the same name keeps
 * its colour; with neither, the first gradient.
 */
export function getGradientIndex(userId: string | number | null | undefined, fallbackKey?: string): number {
  if (typeof userId === 'number') {
    return Number.isFinite(userId) ? positiveModulo(Math.trunc(userId), AVATAR_GRADIENT_COUNT) : 0;
  }
  const key = userId ?? fallbackKey;
  if (key === undefined || key === null || key === '') return 0;
  if (/^\d+$/.test(key)) return decimalStringModulo(key, AVATAR_GRADIENT_COUNT);
  return hashString(key) % AVATAR_GRADIENT_COUNT;
}

/** The label of the '+N' bubble of an avatar group, e.g. '4 more'. */
export function formatOverflowLabel(hiddenCount: number): string {
  return `${String(hiddenCount)} more`;
}

/** How many avatars a group shows and how many go into '+N'. */
export function splitAvatarGroup(total: number, max: number): { visible: number; hidden: number } {
  const limit = Math.max(0, Math.floor(max));
  const visible = Math.min(total, limit);
  return { visible, hidden: total - visible };
}
