import { describe, expect, it } from 'vitest';

import { SEARCH_FIELD } from '#shared/constants/ui.ts';

import { capSuggestions, filterSuggestions, isQueryLongEnough, type SearchSuggestion } from './search-suggestions.ts';

const people: SearchSuggestion[] = [
  { id: '1', label: 'Alice Martin', description: 'Hosts the gardening group' },
  { id: '2', label: 'Bob Stone', description: 'Woodworking' },
  { id: '3', label: 'Carol Diaz' },
  { id: '4', label: 'Gardeners United', description: 'A group for allotment owners' },
];

const many: SearchSuggestion[] = Array.from({ length: 25 }, (_, n) => ({
  id: String(n),
  label: `Member ${String(n)}`,
}));

describe('isQueryLongEnough', () => {
  it('uses the trimmed length against the minimum, 1 by default', () => {
    expect(SEARCH_FIELD.minLength).toBe(1);
    expect(isQueryLongEnough('')).toBe(false);
    expect(isQueryLongEnough('   ')).toBe(false);
    expect(isQueryLongEnough('a')).toBe(true);
    expect(isQueryLongEnough(' ab ', 3)).toBe(false);
    expect(isQueryLongEnough('abc', 3)).toBe(true);
  });

  it('never counts an empty text as long enough, even with a minimum of 0', () => {
    expect(isQueryLongEnough('', 0)).toBe(false);
  });
});

describe('filterSuggestions', () => {
  it('suggests nothing below the minimum length', () => {
    expect(filterSuggestions(people, '')).toEqual([]);
    expect(filterSuggestions(people, 'al', { minLength: 3 })).toEqual([]);
    expect(filterSuggestions(people, 'ali', { minLength: 3 }).map((p) => p.id)).toEqual(['1']);
  });

  it('suggests from one character by default', () => {
    expect(filterSuggestions(people, 'b').map((p) => p.id)).toEqual(['2']);
  });

  it('matches the label or the description, ignoring case, anywhere in the text', () => {
    expect(filterSuggestions(people, 'STONE').map((p) => p.id)).toEqual(['2']);
    expect(filterSuggestions(people, 'allotment').map((p) => p.id)).toEqual(['4']);
    expect(filterSuggestions(people, 'garden').map((p) => p.id)).toEqual(['1', '4']);
  });

  it('trims the text before matching', () => {
    expect(filterSuggestions(people, '  diaz ').map((p) => p.id)).toEqual(['3']);
  });

  it('returns at most 10 suggestions by default, in order', () => {
    expect(SEARCH_FIELD.maxSuggestions).toBe(10);
    const result = filterSuggestions(many, 'member');
    expect(result).toHaveLength(10);
    expect(result[0]?.label).toBe('Member 0');
    expect(result[9]?.label).toBe('Member 9');
  });

  it('honours a smaller cap', () => {
    expect(filterSuggestions(many, 'member', { maxSuggestions: 3 })).toHaveLength(3);
  });

  it('returns nothing when nothing matches', () => {
    expect(filterSuggestions(people, 'zebra')).toEqual([]);
  });
});

describe('capSuggestions', () => {
  it('cuts to the cap and never below zero', () => {
    expect(capSuggestions(many)).toHaveLength(10);
    expect(capSuggestions(many, -1)).toEqual([]);
  });
});
