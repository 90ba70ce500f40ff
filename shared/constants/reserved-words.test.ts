import { describe, expect, it } from 'vitest';
import { RESERVED_WORDS, SPEC_RESERVED_WORDS, isReservedWord } from './reserved-words.ts';

describe('isReservedWord', () => {
  it("holds the spec's 29 words and the app's other first-level paths, each once", () => {
    expect(SPEC_RESERVED_WORDS).toHaveLength(29);
    expect(RESERVED_WORDS).toEqual(expect.arrayContaining([...SPEC_RESERVED_WORDS]));
    expect(RESERVED_WORDS).toEqual(
      expect.arrayContaining(['search', 'forgot-password', 'reset-password', 'media', 'metrics']),
    );
    expect(new Set(RESERVED_WORDS).size).toBe(RESERVED_WORDS.length);
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
