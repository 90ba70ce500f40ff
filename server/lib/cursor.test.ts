import { describe, expect, it } from 'vitest';
import { cursorPart, decodeCursor, encodeCursor, INVALID_CURSOR_MESSAGE, isCursorTime, MAX_INT32 } from './cursor.ts';

const UUID = '0b6f3c52-5f0e-4c1a-9d1e-7f2a1c3b4d5e';
const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as { statusCode: number; code: string; message: string };
  }
  throw new Error('the cursor was accepted');
};

describe('cursor times', () => {
  it('accepts what PostgreSQL and toISOString write', () => {
    expect(isCursorTime('2026-11-25T05:16:07.123456Z')).toBe(true);
    expect(isCursorTime('2026-11-25T05:16:07.123Z')).toBe(true);
    expect(isCursorTime('2024-02-29T23:59:59.999999Z')).toBe(true);
    expect(isCursorTime('9999-12-31T23:59:59.999999Z')).toBe(true);
  });

  it.each([
    '0000-01-01T00:00:00.000000Z', // PostgreSQL has no year 0
    '1969-12-31T23:59:59.999999Z',
    '2023-02-29T00:00:00.000000Z',
    '2024-13-01T00:00:00.000000Z',
    '2024-00-10T00:00:00.000000Z',
    '2024-04-31T00:00:00.000000Z',
    '2024-01-01T24:00:00.000000Z',
    '2024-01-01T23:60:00.000000Z',
    '2024-01-01T23:59:60.000000Z',
    '2024-01-01T00:00:00Z',
    '2024-01-01T00:00:00.0000Z',
    '2024-01-01 00:00:00.000000Z',
    '+02024-01-01T00:00:00.000000Z',
    '2024-01-01T00:00:00.000000Z\n',
  ])('refuses %j', (text) => {
    expect(isCursorTime(text)).toBe(false);
  });
});

describe('decodeCursor', () => {
  const parts = [cursorPart.count, cursorPart.time, cursorPart.uuid] as [
    typeof cursorPart.count,
    typeof cursorPart.time,
    typeof cursorPart.uuid,
  ];

  it('reads back what encodeCursor wrote', () => {
    const cursor = encodeCursor([3, '2026-01-02T03:04:05.000006Z', UUID]);
    expect(decodeCursor(cursor, parts)).toEqual([3, '2026-01-02T03:04:05.000006Z', UUID]);
  });

  it.each([
    ['not base64 JSON', 'nonsense'],
    ['an empty cursor', ''],
    ['an object', forge({ a: 1 })],
    ['too few parts', forge([3, '2026-01-02T03:04:05.000006Z'])],
    ['too many parts', forge([3, '2026-01-02T03:04:05.000006Z', UUID, 1])],
    ['a negative count', forge([-1, '2026-01-02T03:04:05.000006Z', UUID])],
    ['a count beyond an integer column', forge([MAX_INT32 + 1, '2026-01-02T03:04:05.000006Z', UUID])],
    ['a fractional count', forge([1.5, '2026-01-02T03:04:05.000006Z', UUID])],
    ['a count as a string', forge(['3', '2026-01-02T03:04:05.000006Z', UUID])],
    ['an impossible date', forge([3, '2026-02-30T03:04:05.000006Z', UUID])],
    ['a year PostgreSQL refuses', forge([3, '0000-01-02T03:04:05.000006Z', UUID])],
    ['an id that is no uuid', forge([3, '2026-01-02T03:04:05.000006Z', 'x'])],
    ['a NUL in the id', forge([3, '2026-01-02T03:04:05.000006Z', `${UUID}\0`])],
  ])('refuses %s with a 400 a person can read', (_name, cursor) => {
    const error = refusal(() => decodeCursor(cursor, parts));
    expect(error).toMatchObject({ statusCode: 400, code: 'invalid_cursor', message: INVALID_CURSOR_MESSAGE });
  });

  it('bounds user ids and bigint ids', () => {
    const time = '2026-01-02T03:04:05.000006Z';
    expect(decodeCursor(forge([time, 'abc_DEF-1']), [cursorPart.time, cursorPart.userId])).toEqual([time, 'abc_DEF-1']);
    expect(
      refusal(() => decodeCursor(forge([time, 'a'.repeat(101)]), [cursorPart.time, cursorPart.userId])),
    ).toBeTruthy();
    expect(decodeCursor(forge([time, '42']), [cursorPart.time, cursorPart.bigintId])).toEqual([time, '42']);
    expect(
      refusal(() => decodeCursor(forge([time, '9'.repeat(19)]), [cursorPart.time, cursorPart.bigintId])),
    ).toBeTruthy();
    expect(refusal(() => decodeCursor(forge([time, '-1']), [cursorPart.time, cursorPart.bigintId]))).toBeTruthy();
  });
});
