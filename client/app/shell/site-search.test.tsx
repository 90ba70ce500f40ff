import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { buildSuggestion } from '#client/features/search/test/search-fixtures.ts';
import { json, stubApi } from '#client/features/profiles/test/profile-fixtures.ts';
import { NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  localStorage.clear();
});

const suggestions = [
  buildSuggestion(),
  buildSuggestion({
    type: 'group',
    id: 'group-1',
    label: 'Compilers',
    description: '12 subscribers',
    href: '/group/compilers',
  }),
  buildSuggestion({
    type: 'question',
    id: 'question-1',
    label: 'How did the first compiler come about?',
    description: 'In Compilers',
    href: '/group/compilers/question/question-1',
  }),
];

function stubSuggestions() {
  return stubApi({
    session: null,
    answer: ({ path }) => {
      if (path.startsWith('/api/search/suggestions?q=')) return json({ suggestions });
      if (path.startsWith('/api/search?')) return json({ type: 'people', results: [], nextCursor: null });
      if (path.startsWith('/api/groups?')) return json({ groups: [], nextCursor: null });
      return undefined;
    },
  });
}

describe('the top bar search field', () => {
  it('suggests people, groups and questions, each with its kind, and opens the one picked', async () => {
    const api = stubSuggestions();
    const { router } = renderApp('/groups');
    const u = userEvent.setup();
    const field = await screen.findByRole('combobox', { name: 'Search Townhall' });
    expect(field).toHaveAttribute('placeholder', 'Search...');
    await u.type(field, 'gra');
    const list = await screen.findByRole('listbox', { name: 'Search Townhall' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(3));
    const options = within(list).getAllByRole('option');
    // each shows its picture or icon first, decorative: the names stay the texts
    expect(options[0]).toHaveAccessibleName('Grace HopperPerson · @grace');
    expect(options[1]).toHaveAccessibleName('CompilersGroup · 12 subscribers');
    expect(options[2]).toHaveAccessibleName('How did the first compiler come about?Question · In Compilers');
    expect(options[0]?.querySelector('[aria-hidden="true"]')).not.toBeNull();
    expect(api.calls('GET', '/api/search/suggestions?q=gra').length).toBeGreaterThan(0);
    await u.click(within(list).getByRole('option', { name: /Compilers.*Group/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/group/compilers'));
  });

  it('opens /search with the text on Enter and remembers it', async () => {
    stubSuggestions();
    const { router } = renderApp('/groups');
    const u = userEvent.setup();
    const field = await screen.findByRole('combobox', { name: 'Search Townhall' });
    await u.type(field, 'grace hopper{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=grace+hopper');
    expect(localStorage.getItem('townhall:recent-searches')).toContain('grace hopper');
  });
});
