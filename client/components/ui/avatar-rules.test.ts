import { describe, expect, it } from 'vitest';

import { AVATAR_GRADIENT_COUNT } from '#shared/constants/ui.ts';

import { formatOverflowLabel, getGradientIndex, getInitials, hashString, splitAvatarGroup } from './avatar-rules.ts';

describe('getInitials', () => {
  it("is '?' without a name", () => {
    expect(getInitials('')).toBe('?');
    expect(getInitials('   ')).toBe('?');
    expect(getInitials(undefined)).toBe('?');
    expect(getInitials(null)).toBe('?');
  });

  it('takes the first letter of a single word', () => {
    expect(getInitials('alice')).toBe('A');
  });

  it('takes the first letters of the first two words only', () => {
    expect(getInitials('Alice Bob Carol')).toBe('AB');
  });

  it('ignores extra spaces between and around words', () => {
    expect(getInitials('  Alice    Bob  ')).toBe('AB');
    expect(getInitials('Alice\tBob')).toBe('AB');
  });

  it('uppercases lowercase names', () => {
    expect(getInitials('alice bob')).toBe('AB');
    expect(getInitials('élodie ünal')).toBe('ÉÜ');
  });

  it('keeps a character outside the basic plane whole', () => {
    expect(getInitials('😀 Smile')).toBe('😀S');
  });
});

describe('getGradientIndex', () => {
  it('is the numeric id modulo the gradient count', () => {
    expect(AVATAR_GRADIENT_COUNT).toBe(7);
    expect(getGradientIndex(0)).toBe(0);
    expect(getGradientIndex(6)).toBe(6);
    expect(getGradientIndex(7)).toBe(0);
    expect(getGradientIndex(15)).toBe(1);
  });

  it('stays within range for negative, fractional and non-finite numbers', () => {
    expect(getGradientIndex(-1)).toBe(6);
    expect(getGradientIndex(8.9)).toBe(1);
    expect(getGradientIndex(Number.NaN)).toBe(0);
    expect(getGradientIndex(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('uses the number of a string of digits, even beyond the safe integer range', () => {
    expect(getGradientIndex('15')).toBe(1);
    expect(getGradientIndex('15')).toBe(getGradientIndex(15));
    // 10^20 mod 7 = 2 (10 ≡ 3, and 3^20 ≡ 2 modulo 7)
    expect(getGradientIndex('100000000000000000000')).toBe(2);
  });

  it('hashes other string ids to a stable index within range', () => {
    const ids = ['user-1', 'user-2', 'a1b2c3', 'b7c1e0a4-5d2f-4e8b-9c3a-1f2e3d4c5b6a', 'é', '😀'];
    for (const id of ids) {
      const index = getGradientIndex(id);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(AVATAR_GRADIENT_COUNT);
      expect(Number.isInteger(index)).toBe(true);
      expect(getGradientIndex(id)).toBe(index);
    }
  });

  it('spreads many string ids over every gradient', () => {
    const seen = new Set(Array.from({ length: 100 }, (_, n) => getGradientIndex(`user-${String(n)}`)));
    expect(seen.size).toBe(AVATAR_GRADIENT_COUNT);
  });

  it('falls back to the name without an id, and to the first gradient without either', () => {
    expect(getGradientIndex(undefined, 'Alice')).toBe(getGradientIndex('Alice'));
    expect(getGradientIndex(undefined)).toBe(0);
    expect(getGradientIndex('')).toBe(0);
  });
});

describe('hashString', () => {
  it('is the 32-bit FNV-1a hash', () => {
    // Reference values of FNV-1a 32: '' is the offset basis, 'a' is 0xe40c292c.
    expect(hashString('')).toBe(0x811c9dc5);
    expect(hashString('a')).toBe(0xe40c292c);
    expect(hashString('foobar')).toBe(0xbf9cf968);
  });
});

describe('avatar group', () => {
  it('shows up to max and counts the rest', () => {
    expect(splitAvatarGroup(7, 3)).toEqual({ visible: 3, hidden: 4 });
    expect(splitAvatarGroup(2, 3)).toEqual({ visible: 2, hidden: 0 });
    expect(splitAvatarGroup(3, 0)).toEqual({ visible: 0, hidden: 3 });
  });

  it("labels the '+N' bubble for assistive technology", () => {
    expect(formatOverflowLabel(4)).toBe('4 more');
  });
});
