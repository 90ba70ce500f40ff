import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { SearchCache, type NamedRows } from './result-cache.ts';

/** A database whose check statement answers from `state`, counting its calls. */
function fakeDatabase(state: { people: number; groups: number; content: number; visible: number }) {
  const calls: unknown[][] = [];
  const db = {
    $client: {
      query: (config: { values: unknown[] }) => {
        calls.push(config.values);
        return Promise.resolve({ rows: [{ ...state }] });
      },
    },
  } as unknown as Database;
  return { db, calls };
}

const rowsOf = (ids: string[]): NamedRows => ({ people: ids, accounts: [], groups: [], questions: [], posts: [] });

describe('SearchCache', () => {
  it('serves an answer again while its counters stay and its rows may be seen, else ranks again', async () => {
    const state = { people: 3, groups: 7, content: 1, visible: 2 };
    const { db, calls } = fakeDatabase(state);
    const cache = new SearchCache();
    let ranked = 0;
    const compute = () => Promise.resolve([`a${++ranked}`, 'b']);
    const ask = () => cache.answer(db, 'k', ['people'], compute, rowsOf);
    expect(await ask()).toEqual(['a1', 'b']);
    expect(await ask()).toEqual(['a1', 'b']);
    expect(calls.at(-1)).toEqual([['a1', 'b'], [], [], [], []]);
    // a counter it does not depend on moves: still served
    state.content = 2;
    expect(await ask()).toEqual(['a1', 'b']);
    // its own counter moves: ranked again
    state.people = 4;
    expect(await ask()).toEqual(['a2', 'b']);
    expect(await ask()).toEqual(['a2', 'b']);
    // one of its rows may no longer be seen: ranked again
    state.visible = 1;
    expect(await ask()).toEqual(['a3', 'b']);
    expect(ranked).toBe(3);
  });

  it('keeps an answer for its time to live only, and the most recently used ones only', async () => {
    const { db } = fakeDatabase({ people: 1, groups: 1, content: 1, visible: 0 });
    let clock = 0;
    const cache = new SearchCache({ ttlMs: 1000, maxEntries: 2, now: () => clock });
    let ranked = 0;
    const ask = (key: string) =>
      cache.answer(
        db,
        key,
        ['people'],
        () => Promise.resolve(++ranked),
        () => rowsOf([]),
      );
    expect(await ask('x')).toBe(1);
    clock = 999;
    expect(await ask('x')).toBe(1);
    clock = 1000;
    expect(await ask('x')).toBe(2);
    expect(await ask('y')).toBe(3);
    expect(await ask('x')).toBe(2);
    expect(await ask('z')).toBe(4);
    expect(cache.size).toBe(2);
    // 'y' was the least recently used
    expect(await ask('y')).toBe(5);
    expect(await ask('z')).toBe(4);
  });

  it('ranks a text once while a burst asks for it, and ranks again after a failed ranking', async () => {
    const { db } = fakeDatabase({ people: 1, groups: 1, content: 1, visible: 0 });
    const cache = new SearchCache();
    let ranked = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = async () => {
      ranked += 1;
      await gate;
      return ranked;
    };
    const burst = Array.from({ length: 5 }, () => cache.answer(db, 'b', ['people'], slow, () => rowsOf([])));
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    expect(await Promise.all(burst)).toEqual([1, 1, 1, 1, 1]);
    expect(ranked).toBe(1);

    let fail = true;
    const flaky = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) {
        fail = false;
        throw new Error('ranking failed');
      }
      return 'ok';
    };
    const [first, second] = await Promise.allSettled([
      cache.answer(db, 'f', ['people'], flaky, () => rowsOf([])),
      cache.answer(db, 'f', ['people'], flaky, () => rowsOf([])),
    ]);
    expect(first.status).toBe('rejected');
    expect(second).toEqual({ status: 'fulfilled', value: 'ok' });
  });
});
