import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { buildGroup, json, stubApi } from '#client/features/groups/test/group-fixtures.ts';
import { buildAmaSession } from '#client/features/sessions/test/session-fixtures.ts';
import { NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

describe('/groups', () => {
  it('shows new groups first, popular and live ones in their tabs, keeping the choice in the address', async () => {
    const live = buildAmaSession({ id: 'live-1', title: 'Parsing, live', status: 'live' });
    const api = stubApi({
      answer: ({ path }) => {
        if (path === '/api/groups?sort=newest')
          return json({ groups: [buildGroup({ id: 'new-1', slug: 'fresh', name: 'Fresh group' })], nextCursor: null });
        if (path === '/api/groups?sort=popular') return json({ groups: [buildGroup()], nextCursor: null });
        if (path === '/api/sessions?view=live')
          // two live sessions of one group: the group shows once
          return json({ sessions: [live, buildAmaSession({ id: 'live-2', status: 'live' })], nextCursor: null });
        return undefined;
      },
    });
    const { router, container } = renderApp('/groups');
    const u = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Groups' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Show groups' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['New', 'Popular', 'Live now']);
    expect(await screen.findByRole('link', { name: 'Fresh group' })).toHaveAttribute('href', '/group/fresh');
    expect(api.calls('GET', '/api/sessions?view=live')).toHaveLength(0);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((item) => item.impact === 'serious' || item.impact === 'critical')).toEqual([]);

    await u.click(within(tabs).getByRole('tab', { name: 'Popular' }));
    expect(await screen.findByRole('link', { name: 'Compilers' })).toHaveAttribute('href', '/group/compilers');
    expect(router.state.location.search).toBe('?sort=popular');

    await u.click(within(tabs).getByRole('tab', { name: 'Live now' }));
    const list = await screen.findByRole('list', { name: 'Live groups' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('link', { name: 'Compilers' })).toHaveAttribute('href', '/group/compilers');
    expect(within(list).getByRole('link', { name: 'Parsing, live' })).toHaveAttribute('href', '/event/live-1');
    expect(router.state.location.search).toBe('?sort=live');
    await waitFor(() => expect(document.title).toBe('Groups · Townhall'));
  });

  it('opens on the tab the address names, and says when no group is live', async () => {
    stubApi({
      answer: ({ path }) => (path === '/api/sessions?view=live' ? json({ sessions: [], nextCursor: null }) : undefined),
    });
    renderApp('/groups?sort=live');
    expect(await screen.findByText('No group is live right now')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See upcoming sessions' })).toHaveAttribute('href', '/events');
  });

  it('loads 20 more groups at a time', async () => {
    const page = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) =>
        buildGroup({
          id: `g-${String(from + index)}`,
          slug: `g-${String(from + index)}`,
          name: `Group ${String(from + index)}`,
        }),
      );
    stubApi({
      answer: ({ path }) => {
        if (path === '/api/groups?sort=newest') return json({ groups: page(0, 20), nextCursor: 'next' });
        if (path === '/api/groups?sort=newest&cursor=next') return json({ groups: page(20, 2), nextCursor: null });
        return undefined;
      },
    });
    renderApp('/groups');
    const list = await screen.findByRole('list', { name: 'Groups' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(22));
  });
});
