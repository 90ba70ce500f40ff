import { describe, expect, it } from 'vitest';
import { RESERVED_WORDS, isReservedWord } from './reserved-words.ts';

describe('isReservedWord', () => {
  it('holds the 29 words of the spec', () => {
    expect(RESERVED_WORDS).toHaveLength(29);
    expect(new Set(RESERVED_WORDS).size).toBe(29);
  });

  it.each(RESERVED_WORDS)('refuses %s', (word) => {
    expect(isReservedWord(word)).toBe(true);
  });

  it('compares trimmed and lowercased', () => {
    expect(isReservedWord('  Admin ')).toBe(true);
    expect(isReservedWord('UI-LIBRARY')).toBe(true);
  });

  it('accepts the empty value and ordinary words', () => {
    expect(isReservedWord('')).toBe(false);
    expect(isReservedWord('   ')).toBe(false);
    expect(isReservedWord('alice')).toBe(false);
    expect(isReservedWord('administrator')).toBe(false);
    expect(isReservedWord('group1')).toBe(false);
  });
});
