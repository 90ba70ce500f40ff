import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTime, isoTimeOrNull } from './iso-time.ts';

describe('isoTime', () => {
  it('writes what toISOString writes, for every time a Date can hold', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (date) => {
        expect(isoTime(date)).toBe(date.toISOString());
      }),
      { numRuns: 5_000 },
    );
    const fourDigitYears = { min: new Date('0000-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z') };
    fc.assert(
      fc.property(fc.date({ ...fourDigitYears, noInvalidDate: true }), (date) => {
        expect(isoTime(date)).toBe(date.toISOString());
      }),
      { numRuns: 20_000 },
    );
  });

  it('writes the edges of each part and of the four-digit years as toISOString does', () => {
    const times = [
      '0000-01-01T00:00:00.000Z',
      '0009-02-03T04:05:06.007Z',
      '0999-12-31T23:59:59.999Z',
      '1970-01-01T00:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
      '2024-02-29T12:00:00.010Z',
      '2026-11-26T09:09:09.099Z',
      '9999-12-31T23:59:59.999Z',
    ];
    for (const text of times) expect(isoTime(new Date(text))).toBe(text);
    for (const date of [
      new Date(Date.UTC(-1, 0, 1)),
      new Date(Date.UTC(10000, 0, 1)),
      new Date(8.64e15),
      new Date(-8.64e15),
    ]) {
      expect(isoTime(date)).toBe(date.toISOString());
    }
  });

  it('throws for an invalid date, as toISOString does', () => {
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('passes null on', () => {
    expect(isoTimeOrNull(null)).toBeNull();
    expect(isoTimeOrNull(undefined)).toBeNull();
    expect(isoTimeOrNull(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
  });
});
