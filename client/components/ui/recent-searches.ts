/**
 * Recent searches, kept in the browser: most recent first, one entry per
 * text ignoring case, at most SEARCH_FIELD.maxRecentSearches. The list rules are pure; the small
 * adapter at the end reads and writes localStorage.
 */
import { readStored, writeStored } from '#client/lib/local-storage.ts';
import { SEARCH_FIELD } from '#shared/constants/ui.ts';

/** The localStorage key of the recent searches. */
export const RECENT_SEARCHES_STORAGE_KEY = 'townhall:recent-searches';

/**
 * The list with `term` added on top. The term is trimmed; an empty one changes nothing. An earlier
 * entry equal to it ignoring case is removed, so searching 'alice' after 'Alice' moves it up and
 * keeps the latest spelling. The list is then cut to `max`.
 */
export function addRecentSearch(
  list: readonly string[],
  term: string,
  max: number = SEARCH_FIELD.maxRecentSearches,
): string[] {
  const trimmed = term.trim();
  if (trimmed === '') return [...list];
  const key = trimmed.toLowerCase();
  return [trimmed, ...list.filter((entry) => entry.toLowerCase() !== key)].slice(0, Math.max(0, max));
}

/** The list without `term` (compared ignoring case). */
export function removeRecentSearch(list: readonly string[], term: string): string[] {
  const key = term.trim().toLowerCase();
  return list.filter((entry) => entry.toLowerCase() !== key);
}

/**
 * A clean list from whatever was stored: only non-empty strings, trimmed, de-duplicated ignoring
 * case (the first, most recent, wins), at most `max`. Storage can hold anything an older version
 * or another tab wrote, so nothing is trusted.
 */
export function normalizeRecentSearches(value: unknown, max: number = SEARCH_FIELD.maxRecentSearches): string[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const result: string[] = [];
  for (const entry of value) {
    if (typeof entry !== 'string') continue;
    const trimmed = entry.trim();
    const key = trimmed.toLowerCase();
    if (trimmed === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(trimmed);
    if (result.length >= max) break;
  }
  return result;
}

function isArray(value: unknown): value is unknown[] {
  return Array.isArray(value);
}

/** Reads the saved recent searches; an empty list when none, unreadable or storage is blocked. */
export function loadRecentSearches(key: string = RECENT_SEARCHES_STORAGE_KEY): string[] {
  return normalizeRecentSearches(readStored<unknown[]>(key, [], isArray));
}

/** Saves the recent searches; quietly does nothing where storage is blocked or full. */
export function saveRecentSearches(list: readonly string[], key: string = RECENT_SEARCHES_STORAGE_KEY): void {
  writeStored(key, list);
}

/** Forgets every recent search. */
export function clearRecentSearches(key: string = RECENT_SEARCHES_STORAGE_KEY): void {
  writeStored(key, []);
}
