import { describe, expect, it } from 'vitest';
import { StatementNamer } from './client.ts';

describe('StatementNamer', () => {
  it('names a text the second time it is seen, and keeps that name', () => {
    const namer = new StatementNamer(10);
    expect(namer.nameOf('select $1')).toBeUndefined();
    const name = namer.nameOf('select $1');
    expect(name).toMatch(/^townhall_\d+$/);
    expect(namer.nameOf('select $1')).toBe(name);
  });

  it('gives different texts different names', () => {
    const namer = new StatementNamer(10);
    for (const text of ['select $1', 'select $2']) namer.nameOf(text);
    expect(namer.nameOf('select $1')).not.toBe(namer.nameOf('select $2'));
  });

  it('names at most `limit` texts; the rest stay unnamed', () => {
    const namer = new StatementNamer(2);
    const texts = ['a $1', 'b $1', 'c $1'];
    for (const text of texts) namer.nameOf(text);
    const names = texts.map((text) => namer.nameOf(text));
    expect(names.slice(0, 2).every((name) => typeof name === 'string')).toBe(true);
    expect(names[2]).toBeUndefined();
    expect(namer.nameOf('c $1')).toBeUndefined();
  });
});
