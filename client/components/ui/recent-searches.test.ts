import { afterEach, describe, expect, it, vi } from 'vitest';

import { SEARCH_FIELD } from '#shared/constants/ui.ts';

import {
  addRecentSearch,
  clearRecentSearches,
  loadRecentSearches,
  normalizeRecentSearches,
  RECENT_SEARCHES_STORAGE_KEY,
  removeRecentSearch,
  saveRecentSearches,
} from './recent-searches.ts';

describe('addRecentSearch', () => {
  it('puts the newest search first', () => {
    expect(addRecentSearch(['older'], 'newer')).toEqual(['newer', 'older']);
  });

  it('trims the term and ignores an empty one', () => {
    expect(addRecentSearch(['a'], '  b  ')).toEqual(['b', 'a']);
    expect(addRecentSearch(['a'], '   ')).toEqual(['a']);
  });

  it('moves a repeated search to the top instead of adding it twice, ignoring case', () => {
    expect(addRecentSearch(['alice', 'bob', 'carol'], 'Bob')).toEqual(['Bob', 'alice', 'carol']);
    expect(addRecentSearch(['alice'], 'alice')).toEqual(['alice']);
  });

  it('keeps at most 10 entries, dropping the oldest', () => {
    expect(SEARCH_FIELD.maxRecentSearches).toBe(10);
    let list: string[] = [];
    for (let n = 1; n <= 12; n += 1) list = addRecentSearch(list, `search ${String(n)}`);
    expect(list).toHaveLength(10);
    expect(list[0]).toBe('search 12');
    expect(list[9]).toBe('search 3');
  });

  it('does not change the list it was given', () => {
    const list = ['a'];
    addRecentSearch(list, 'b');
    expect(list).toEqual(['a']);
  });
});

describe('removeRecentSearch', () => {
  it('removes an entry ignoring case', () => {
    expect(removeRecentSearch(['Alice', 'bob'], 'alice')).toEqual(['bob']);
  });
});

describe('normalizeRecentSearches', () => {
  it('keeps only non-empty strings, trimmed and de-duplicated, the first winning', () => {
    expect(normalizeRecentSearches([' a ', 3, null, '', 'A', 'b'])).toEqual(['a', 'b']);
  });

  it('returns an empty list for anything but an array', () => {
    expect(normalizeRecentSearches('a')).toEqual([]);
    expect(normalizeRecentSearches({ 0: 'a' })).toEqual([]);
  });

  it('caps a stored list that grew too long', () => {
    expect(normalizeRecentSearches(Array.from({ length: 15 }, (_, n) => `s${String(n)}`))).toHaveLength(10);
  });
});

describe('localStorage adapter', () => {
  afterEach(() => {
    window.localStorage.clear();
  });

  it('saves under townhall:recent-searches and loads the list back', () => {
    expect(RECENT_SEARCHES_STORAGE_KEY).toBe('townhall:recent-searches');
    saveRecentSearches(['b', 'a']);
    expect(window.localStorage.getItem('townhall:recent-searches')).toBe('["b","a"]');
    expect(loadRecentSearches()).toEqual(['b', 'a']);
  });

  it('loads an empty list when nothing or garbage is stored', () => {
    expect(loadRecentSearches()).toEqual([]);
    window.localStorage.setItem(RECENT_SEARCHES_STORAGE_KEY, '{not json');
    expect(loadRecentSearches()).toEqual([]);
    window.localStorage.setItem(RECENT_SEARCHES_STORAGE_KEY, '{"a":1}');
    expect(loadRecentSearches()).toEqual([]);
  });

  it('clears the list', () => {
    saveRecentSearches(['a']);
    clearRecentSearches();
    expect(loadRecentSearches()).toEqual([]);
  });

  it('keeps working when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(loadRecentSearches()).toEqual([]);
    expect(() => {
      saveRecentSearches(['a']);
    }).not.toThrow();
  });
});
