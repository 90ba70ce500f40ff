/**
 * Pure rules of the search field's suggestions: nothing until the trimmed
 * text reaches the minimum length, then at most SEARCH_FIELD.maxSuggestions, matching label or
 * description case-insensitively by substring.
 */
import type { ReactNode } from 'react';

import { SEARCH_FIELD } from '#shared/constants/ui.ts';

import { matchesQuery } from './option-filter.ts';

/** One suggestion of the search field. */
export type SearchSuggestion = {
  /** Unique within one list; also the base of the option's element id. */
  id: string;
  label: string;
  /** A second line; the search matches it too. */
  description?: string;
  /** A picture or icon shown before the text (decorative: the label names the suggestion). */
  leading?: ReactNode;
};

/** Limits of the suggestion list; both default to the spec's. */
export type SuggestionLimits = {
  minLength?: number;
  maxSuggestions?: number;
};

/**
 * Whether the text is long enough to ask for suggestions. An empty text never is, even with a
 * minimum of 0, because an empty, focused field shows the recent searches instead.
 */
export function isQueryLongEnough(query: string, minLength: number = SEARCH_FIELD.minLength): boolean {
  const length = query.trim().length;
  return length > 0 && length >= minLength;
}

/** The first `maxSuggestions` items (never a negative count). */
export function capSuggestions<T>(items: readonly T[], maxSuggestions: number = SEARCH_FIELD.maxSuggestions): T[] {
  return items.slice(0, Math.max(0, maxSuggestions));
}

/** The suggestions of a fixed list for this text: matching ones, in order, capped; none if too short. */
export function filterSuggestions<T extends SearchSuggestion>(
  items: readonly T[],
  query: string,
  { minLength = SEARCH_FIELD.minLength, maxSuggestions = SEARCH_FIELD.maxSuggestions }: SuggestionLimits = {},
): T[] {
  if (!isQueryLongEnough(query, minLength)) return [];
  return capSuggestions(
    items.filter((item) => matchesQuery(query, item.label, item.description)),
    maxSuggestions,
  );
}
