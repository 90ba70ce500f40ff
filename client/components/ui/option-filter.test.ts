import { describe, expect, it } from 'vitest';

import {
  filterOptions,
  findOption,
  flattenOptions,
  matchesQuery,
  type ComboboxItem,
  type ComboboxOption,
} from './option-filter.ts';

const apple: ComboboxOption = { value: 'apple', label: 'Apple', description: 'Crisp and sweet' };
const banana: ComboboxOption = { value: 'banana', label: 'Banana', description: 'Soft, yellow' };
const cherry: ComboboxOption = { value: 'cherry', label: 'Cherry' };
const kale: ComboboxOption = { value: 'kale', label: 'Kale', description: 'A leafy green' };
const leek: ComboboxOption = { value: 'leek', label: 'Leek' };

const grouped: ComboboxItem[] = [
  { label: 'Fruit', options: [apple, banana, cherry] },
  { label: 'Vegetables', options: [kale, leek] },
];

describe('matchesQuery', () => {
  it('matches a substring anywhere, ignoring case and surrounding spaces', () => {
    expect(matchesQuery('PPL', 'Apple')).toBe(true);
    expect(matchesQuery('  app ', 'Apple')).toBe(true);
    expect(matchesQuery('pear', 'Apple')).toBe(false);
  });

  it('skips missing texts and matches any of the others', () => {
    expect(matchesQuery('green', 'Kale', undefined, 'A leafy green')).toBe(true);
    expect(matchesQuery('green', 'Kale', undefined)).toBe(false);
  });
});

describe('filterOptions', () => {
  const flat = [apple, banana, cherry];

  it('matches the label', () => {
    expect(filterOptions(flat, 'cher')).toEqual([cherry]);
  });

  it('matches the description', () => {
    expect(filterOptions(flat, 'yellow')).toEqual([banana]);
  });

  it('ignores case in both the query and the option', () => {
    expect(filterOptions(flat, 'CRISP')).toEqual([apple]);
    expect(filterOptions(flat, 'banana')).toEqual([banana]);
  });

  it('keeps the original order', () => {
    expect(filterOptions(flat, 'a')).toEqual([apple, banana]);
  });

  it('keeps only the matching options of a group and drops groups left empty', () => {
    expect(filterOptions(grouped, 'e')).toEqual([
      { label: 'Fruit', options: [apple, banana, cherry] },
      { label: 'Vegetables', options: [kale, leek] },
    ]);
    expect(filterOptions(grouped, 'leafy')).toEqual([{ label: 'Vegetables', options: [kale] }]);
    expect(filterOptions(grouped, 'nan')).toEqual([{ label: 'Fruit', options: [banana] }]);
  });

  it("does not match a group's own label", () => {
    expect(filterOptions(grouped, 'vegetables')).toEqual([]);
  });

  it('returns everything for an empty or blank query', () => {
    expect(filterOptions(grouped, '')).toEqual(grouped);
    expect(filterOptions(flat, '   ')).toEqual(flat);
  });

  it('returns nothing when nothing matches', () => {
    expect(filterOptions(grouped, 'zzz')).toEqual([]);
  });

  it('handles options and groups mixed in one list', () => {
    const mixed: ComboboxItem[] = [apple, { label: 'Vegetables', options: [kale, leek] }];
    expect(filterOptions(mixed, 'le')).toEqual([apple, { label: 'Vegetables', options: [kale, leek] }]);
    expect(filterOptions(mixed, 'apple')).toEqual([apple]);
  });
});

describe('flattenOptions and findOption', () => {
  it('lists every option of every group in order', () => {
    expect(flattenOptions(grouped).map((option) => option.value)).toEqual([
      'apple',
      'banana',
      'cherry',
      'kale',
      'leek',
    ]);
  });

  it('finds an option by value inside a group', () => {
    expect(findOption(grouped, 'kale')).toBe(kale);
    expect(findOption(grouped, 'pear')).toBeUndefined();
    expect(findOption(grouped, undefined)).toBeUndefined();
  });
});
