import { describe, expect, it } from 'vitest';
import { decodeKeyset, encodeKeyset, newestFirstPage } from './keyset.ts';

describe('keyset pages', () => {
  const at = '2026-11-27T08:00:00.123456Z';

  it('hands out the next cursor only when a row beyond the page came back, naming the page’s last row', () => {
    const rows = [1, 2, 3].map((id) => ({ id, cursorAt: at }));
    expect(newestFirstPage(rows, 3)).toEqual({ page: rows, nextCursor: null });
    const { page, nextCursor } = newestFirstPage(rows, 2);
    expect(page.map((row) => row.id)).toEqual([1, 2]);
    expect(decodeKeyset(nextCursor as string, { key: 'time', id: 'bigint' })).toEqual({ key: at, id: '2' });
  });

  it('keeps microseconds and refuses an id of another kind than the list’s', () => {
    const id = '0b9f7c4e-2b51-4c3e-9a57-8c1a0a9d6f10';
    expect(decodeKeyset(encodeKeyset(at, id), { key: 'time', id: 'uuid' })).toEqual({ key: at, id });
    expect(() => decodeKeyset(encodeKeyset(at, id), { key: 'time', id: 'bigint' })).toThrow();
    expect(() => decodeKeyset(encodeKeyset(at, '12; drop table users'), { key: 'time', id: 'userId' })).toThrow();
  });
});
