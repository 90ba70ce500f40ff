import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { isArrayOf, isInteger, isIsoDateTime, isJsonObject, isRecordOf, isString } from '#client/lib/json-shape.ts';

describe('isIsoDateTime', () => {
  const samples: [unknown, boolean][] = [
    ['2025-01-01T00:00:00Z', true],
    ['2025-01-01T00:00:00.000Z', true],
    ['2025-12-31T23:59:59.999999Z', true],
    ['2024-02-29T12:00:00Z', true],
    ['2000-02-29T12:00:00Z', true],
    ['0001-01-01T00:00:00Z', true],
    ['2025-02-29T12:00:00Z', false],
    ['1900-02-29T12:00:00Z', false],
    ['2025-04-31T00:00:00Z', false],
    ['2025-13-01T00:00:00Z', false],
    ['2025-01-01T24:00:00Z', false],
    ['2025-01-01T00:60:00Z', false],
    ['2025-01-01T00:00:60Z', false],
    ['2025-01-01T00:00Z', false],
    ['2025-01-01T00:00:00', false],
    ['2025-01-01T00:00:00.Z', false],
    ['2025-01-01T00:00:00+00:00', false],
    ['2025-01-01 00:00:00Z', false],
    ['2025-01-01', false],
    [' 2025-01-01T00:00:00Z', false],
    [1735689600000, false],
    [null, false],
  ];

  it('takes what z.iso.datetime() takes, and nothing else', () => {
    for (const [value, expected] of samples) {
      expect(isIsoDateTime(value), String(value)).toBe(expected);
      expect(z.iso.datetime().safeParse(value).success, String(value)).toBe(expected);
    }
  });
});

describe('the plain checks', () => {
  it('tell objects, strings, whole numbers, records and arrays apart as zod does', () => {
    expect([{}, { a: 1 }, [], null, 'x'].map(isJsonObject)).toEqual([true, true, false, false, false]);
    expect(['', 'x', 1, null].map(isString)).toEqual([true, true, false, false]);
    expect([0, -3, 1.5, 2 ** 53, Number.NaN, '1'].map(isInteger)).toEqual([true, true, false, false, false, false]);
    expect([0, -3, 1.5, 2 ** 53].map((n) => z.number().int().safeParse(n).success)).toEqual([true, true, false, false]);
    expect([{ a: 'x' }, {}, { a: 1 }, ['x']].map((value) => isRecordOf(value, isString))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([['x'], [], ['x', 1], { 0: 'x' }].map((value) => isArrayOf(value, isString))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
