import { describe, expect, it } from 'vitest';
import { escapeLike } from '../../lib/like-pattern.ts';
import { decodeOffset, encodeOffset, searchText, transpositions } from './search-text.ts';
import { mixSuggestions } from './suggest.ts';

describe('searchText', () => {
  it('escapes LIKE wildcards and keeps the rest as typed', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
    expect(searchText("O'Brien%").prefix).toBe("o'brien\\%%");
  });

  it('gives words of three letters or more their swapped spellings, as one regular expression each', () => {
    expect(transpositions('jhon')).toEqual(['jhon', 'hjon', 'john', 'jhno']);
    expect(searchText('Jonh Smiht').typoWords).toEqual(['(jonh|ojnh|jnoh|john)', '(smiht|msiht|simht|smhit|smith)']);
    // punctuation and regex syntax never reach the expression
    expect(searchText('a.*(b) [c]$ ^x').typoWords).toEqual([]);
    expect(searchText('jo').isLong).toBe(false);
    expect(searchText('***').hasWords).toBe(false);
  });
});

describe('offset cursors', () => {
  it('round-trip and refuse anything else', () => {
    expect(decodeOffset(encodeOffset(40), 1000)).toBe(40);
    expect(decodeOffset('nonsense', 1000)).toBeNull();
    expect(decodeOffset(encodeOffset(0), 1000)).toBeNull();
    expect(decodeOffset(encodeOffset(1000), 1000)).toBeNull();
  });
});

describe('mixSuggestions', () => {
  it('takes 4, 4 and 2, and fills from the kinds that have more, in order', () => {
    const list = (kind: string, n: number) => Array.from({ length: n }, (_, i) => `${kind}${i}`);
    expect(mixSuggestions([list('u', 9), list('g', 9), list('q', 9)], [4, 4, 2], 10)).toEqual([
      ...list('u', 4),
      ...list('g', 4),
      ...list('q', 2),
    ]);
    expect(mixSuggestions([list('u', 1), list('g', 9), list('q', 1)], [4, 4, 2], 10)).toEqual([
      'u0',
      ...list('g', 8),
      'q0',
    ]);
    expect(mixSuggestions([list('u', 2), list('g', 1), list('q', 0)], [4, 4, 2], 10)).toEqual(['u0', 'u1', 'g0']);
  });
});
