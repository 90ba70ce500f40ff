import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { updateCachedItems } from './update-cached-items.ts';

describe('updateCachedItems', () => {
  it('changes the item wherever it is cached and leaves other data untouched', () => {
    const queryClient = new QueryClient();
    const other = { pages: [{ posts: [{ id: 'b', likeCount: 1 }] }] };
    queryClient.setQueryData(['feed'], { pages: [{ posts: [{ id: 'a', likeCount: 1 }] }] });
    queryClient.setQueryData(['queue'], { pinned: { id: 'a', likeCount: 1 }, questions: [] });
    queryClient.setQueryData(['other'], other);

    updateCachedItems(queryClient, 'a', (item) => ({ ...item, likeCount: 2 }));

    expect(queryClient.getQueryData(['feed'])).toEqual({ pages: [{ posts: [{ id: 'a', likeCount: 2 }] }] });
    expect(queryClient.getQueryData(['queue'])).toEqual({ pinned: { id: 'a', likeCount: 2 }, questions: [] });
    expect(queryClient.getQueryData(['other'])).toBe(other);
  });
});
