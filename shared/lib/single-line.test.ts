import { describe, expect, it } from 'vitest';
import { singleLine } from './single-line.ts';

describe('singleLine', () => {
  it.each([
    ['Eve\r\nBcc: a@b.c', 'Eve Bcc: a@b.c'],
    ['  Ada \n\n Lovelace\t', 'Ada Lovelace'],
    ['A\u2028B', 'A B'],
    ['Two  spaces stay', 'Two  spaces stay'],
    ['plain', 'plain'],
  ])('%j → %j', (value, expected) => {
    expect(singleLine(value)).toBe(expected);
  });
});
