import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { buildCreator } from '#client/features/discovery/test/discovery-fixtures.ts';
import { apiError, json, stubApi } from '#client/features/groups/test/group-fixtures.ts';
import { NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

describe('/creator', () => {
  it('lists creators with avatar, name, @username, followers and groups, and follows one at once', async () => {
    const api = stubApi({
      answer: ({ path, method }) => {
        if (path === '/api/creators')
          return json({ people: [buildCreator(1, { groupCount: 2 }), buildCreator(2)], nextCursor: null });
        if (path === '/api/users/creator-2/follow' && method === 'PUT')
          return json({ isFollowing: true, followers: 99, following: 1 });
        return undefined;
      },
    });
    const { container } = renderApp('/creator');

    expect(await screen.findByRole('heading', { level: 1, name: 'Creators' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Creators' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Creator 1' })).toHaveAttribute('href', '/creator_1');
    expect(within(first).getByText('@creator_1')).toBeInTheDocument();
    expect(within(first).getByText('99 followers · 2 groups')).toBeInTheDocument();
    expect(within(second).getByText('98 followers · 1 group')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Creators · Townhall'));
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((item) => item.impact === 'serious' || item.impact === 'critical')).toEqual([]);

    await userEvent.setup().click(within(second).getByRole('button', { name: 'Follow Creator 2' }));
    expect(await within(second).findByRole('button', { name: 'Unfollow Creator 2' })).toBeInTheDocument();
    expect(within(second).getByText('99 followers · 1 group')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/users/creator-2/follow')).toHaveLength(1);
  });

  it('pages 20 at a time with Load more', async () => {
    const api = stubApi({
      answer: ({ path }) => {
        if (path === '/api/creators')
          return json({ people: Array.from({ length: 20 }, (_, index) => buildCreator(index)), nextCursor: 'c2' });
        if (path === '/api/creators?cursor=c2') return json({ people: [buildCreator(20)], nextCursor: null });
        return undefined;
      },
    });
    renderApp('/creator');
    const list = await screen.findByRole('list', { name: 'Creators' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(21));
    expect(api.calls('GET', '/api/creators?cursor=c2')).toHaveLength(1);
  });

  it('shows an empty state, and an error with retry', async () => {
    let answer = () => apiError(500, 'internal', 'Something broke');
    stubApi({ answer: ({ path }) => (path === '/api/creators' ? answer() : undefined) });
    renderApp('/creator');
    expect(await screen.findByText('Creators could not be loaded')).toBeInTheDocument();
    answer = () => json({ people: [], nextCursor: null });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No creators yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a group' })).toHaveAttribute('href', '/create');
  });
});
