import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import {
  buildGroupResult,
  buildPersonResult,
  buildPostResult,
  buildQuestionResult,
} from '#client/features/search/test/search-fixtures.ts';
import { apiError, json, stubApi } from '#client/features/profiles/test/profile-fixtures.ts';
import { NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  localStorage.clear();
});

const people = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => buildPersonResult(from + index));

describe('/search', () => {
  it('shows people first, the other kinds in their tabs, keeping text and tab in the address', async () => {
    const api = stubApi({
      session: null,
      answer: ({ path }) => {
        if (path === '/api/search?q=grace&type=people')
          return json({ type: 'people', results: people(1, 2), nextCursor: null });
        if (path === '/api/search?q=grace&type=groups')
          return json({ type: 'groups', results: [buildGroupResult()], nextCursor: null });
        if (path === '/api/search?q=grace&type=questions')
          return json({ type: 'questions', results: [buildQuestionResult()], nextCursor: null });
        if (path === '/api/search?q=grace&type=posts')
          return json({ type: 'posts', results: [buildPostResult()], nextCursor: null });
        return undefined;
      },
    });
    const { router, container } = renderApp('/search?q=grace');
    const u = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'What to search' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['People', 'Groups', 'Questions', 'Posts']);
    const found = await screen.findByRole('list', { name: 'People found' });
    expect(within(found).getByRole('link', { name: 'Grace 1' })).toHaveAttribute('href', '/grace_1');
    expect(within(found).getByText('@grace_2')).toBeInTheDocument();
    expect(within(found).getByText('2 followers')).toBeInTheDocument();
    expect(api.calls('GET', '/api/search?q=grace&type=groups')).toHaveLength(0);
    await waitFor(() => expect(document.title).toBe('Search: grace · Townhall'));
    expect(screen.getByRole('searchbox', { name: 'Search people, groups, questions and posts' })).toHaveValue('grace');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((item) => item.impact === 'serious' || item.impact === 'critical')).toEqual([]);

    await u.click(within(tabs).getByRole('tab', { name: 'Groups' }));
    const groups = await screen.findByRole('list', { name: 'Groups found' });
    expect(within(groups).getByRole('link', { name: 'Compilers' })).toHaveAttribute('href', '/group/compilers');
    expect(within(groups).getByText('AMA')).toBeInTheDocument();
    expect(within(groups).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/grace');
    expect(router.state.location.search).toBe('?q=grace&tab=groups');

    await u.click(within(tabs).getByRole('tab', { name: 'Questions' }));
    const questions = await screen.findByRole('list', { name: 'Questions found' });
    expect(within(questions).getByRole('link', { name: 'How did the first compiler come about?' })).toHaveAttribute(
      'href',
      '/group/compilers/question/question-1',
    );
    expect(within(questions).getByText('Answered')).toBeInTheDocument();

    await u.click(within(tabs).getByRole('tab', { name: 'Posts' }));
    const posts = await screen.findByRole('list', { name: 'Posts found' });
    expect(within(posts).getByRole('link', { name: 'Notes on grammars for the meetup' })).toHaveAttribute(
      'href',
      '/group/compilers/post/post-1',
    );
    expect(router.state.location.search).toBe('?q=grace&tab=posts');
  });

  it('loads 20 more results at a time', async () => {
    stubApi({
      session: null,
      answer: ({ path }) => {
        if (path === '/api/search?q=grace&type=people')
          return json({ type: 'people', results: people(0, 20), nextCursor: 'next' });
        if (path === '/api/search?q=grace&type=people&cursor=next')
          return json({ type: 'people', results: people(20, 2), nextCursor: null });
        return undefined;
      },
    });
    renderApp('/search?q=grace');
    const list = await screen.findByRole('list', { name: 'People found' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(22));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when nothing is found, and searches again from its own field', async () => {
    const api = stubApi({
      session: null,
      answer: ({ path }) => {
        if (path === '/api/search?q=zzz&type=questions')
          return json({ type: 'questions', results: [], nextCursor: null });
        if (path === '/api/search?q=compilers&type=questions')
          return json({ type: 'questions', results: [buildQuestionResult()], nextCursor: null });
        return undefined;
      },
    });
    const { router } = renderApp('/search?q=zzz&tab=questions');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    const u = userEvent.setup();
    const field = screen.getByRole('searchbox', { name: 'Search people, groups, questions and posts' });
    await u.clear(field);
    await u.type(field, 'compilers{Enter}');
    expect(await screen.findByRole('list', { name: 'Questions found' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=compilers&tab=questions');
    expect(api.calls('GET', '/api/search?q=compilers&type=questions')).toHaveLength(1);
  });

  it('invites to search when there is no text, and asks nothing', async () => {
    const api = stubApi({ session: null });
    renderApp('/search');
    expect(await screen.findByText('Search Townhall', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Search · Townhall'));
    expect(api.fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/search'))).toHaveLength(0);
  });

  it('shows the error and tries again', async () => {
    let fail = true;
    stubApi({
      session: null,
      answer: ({ path }) => {
        if (path !== '/api/search?q=grace&type=people') return undefined;
        return fail
          ? apiError(400, 'bad_request', 'Search for at most 200 characters.')
          : json({ type: 'people', results: people(1, 1), nextCursor: null });
      },
    });
    renderApp('/search?q=grace');
    expect(await screen.findByText('The search could not be done')).toBeInTheDocument();
    expect(screen.getByText('Search for at most 200 characters.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Grace 1' })).toBeInTheDocument();
  });
});

describe('/search, an anonymous question', () => {
  it('names its asker Anonymous, with no link to a profile', async () => {
    stubApi({
      session: null,
      answer: ({ path }) => {
        if (path === '/api/search?q=money&type=questions') {
          return json({
            type: 'questions',
            results: [
              buildQuestionResult({
                body: 'How much did the game make?',
                author: { id: '', username: '', name: 'Anonymous', profileImageURL: '' },
              }),
            ],
            nextCursor: null,
          });
        }
        if (path.startsWith('/api/search?q=money&type='))
          return json({ type: 'people', results: [], nextCursor: null });
        return undefined;
      },
    });
    renderApp('/search?q=money&tab=questions');
    const card = (await screen.findByText('How much did the game make?')).closest('article');
    expect(card).not.toBeNull();
    expect(within(card as HTMLElement).getByText('Anonymous')).toBeInTheDocument();
    expect(within(card as HTMLElement).queryByRole('link', { name: 'Anonymous' })).toBeNull();
    expect(
      within(card as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).not.toContain('/');
  });
});
