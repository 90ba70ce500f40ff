import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import {
  buildFeedAnswer,
  buildFeedPost,
  buildSubscriptionItem,
} from '#client/features/discovery/test/discovery-fixtures.ts';
import { apiError, json, stubApi } from '#client/features/groups/test/group-fixtures.ts';
import { buildAmaSession } from '#client/features/sessions/test/session-fixtures.ts';
import { NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

const EMPTY_SESSIONS = { sessions: [], nextCursor: null };

/** Answers of /home's requests; `overrides` by exact path. */
function homeAnswer(overrides: Record<string, () => Response> = {}) {
  return ({ path }: { path: string }) => {
    const override = overrides[path];
    if (override) return override();
    if (path === '/api/me/subscriptions') return json({ subscriptions: [buildSubscriptionItem()], nextCursor: null });
    if (path === '/api/me/sessions?scope=live') return json(EMPTY_SESSIONS);
    if (path === '/api/me/sessions?scope=upcoming') return json(EMPTY_SESSIONS);
    if (path === '/api/sessions?view=live') return json(EMPTY_SESSIONS);
    if (path === '/api/me/feed') return json({ items: [], nextCursor: null });
    return undefined;
  };
}

describe('/home', () => {
  it('shows my subscriptions with their marks, live and upcoming sessions of my groups, and the feed', async () => {
    stubApi({
      answer: homeAnswer({
        '/api/me/sessions?scope=live': () =>
          json({
            sessions: [buildAmaSession({ id: 'live-1', title: 'Parsing live', status: 'live' })],
            nextCursor: null,
          }),
        '/api/me/sessions?scope=upcoming': () =>
          json({ sessions: [buildAmaSession({ id: 'next-1', title: 'Codegen AMA' })], nextCursor: null }),
        '/api/me/feed': () => json({ items: [buildFeedPost(1), buildFeedAnswer()], nextCursor: null }),
      }),
    });
    const { container } = renderApp('/home');

    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Home · Townhall'));

    const subscriptions = await screen.findByRole('list', { name: 'Your subscriptions' });
    expect(within(subscriptions).getByRole('link', { name: 'Compilers' })).toHaveAttribute('href', '/group/compilers');
    expect(within(subscriptions).getByText('New activity')).toBeInTheDocument();
    expect(within(subscriptions).getByText('3 new questions · 1 new answer')).toBeInTheDocument();

    const live = await screen.findByRole('list', { name: 'Live in your groups' });
    expect(within(live).getByRole('link', { name: 'Parsing live' })).toHaveAttribute('href', '/event/live-1');
    const upcoming = await screen.findByRole('list', { name: 'Upcoming in your groups' });
    expect(within(upcoming).getByRole('link', { name: 'Codegen AMA' })).toBeInTheDocument();

    const feed = await screen.findByRole('list', { name: 'Latest posts and answers' });
    const post = within(feed).getByRole('article', { name: 'Post by Grace Hopper in Compilers' });
    expect(within(post).getByText('Post number 1')).toBeInTheDocument();
    expect(within(post).getByRole('link', { name: 'Open the post' })).toHaveAttribute(
      'href',
      '/group/compilers/post/post-1',
    );
    const answer = within(feed).getByRole('article', { name: 'Answer by Grace Hopper in Compilers' });
    expect(within(answer).getByText('How do I parse expressions?')).toBeInTheDocument();
    expect(within(answer).getByText('Use a recursive descent parser.')).toBeInTheDocument();
    expect(within(answer).getByRole('link', { name: 'Open the question' })).toHaveAttribute(
      'href',
      '/group/compilers/question/question-1',
    );

    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((item) => item.impact === 'serious' || item.impact === 'critical')).toEqual([]);
  });

  it('pages the feed with Load more', async () => {
    const first = Array.from({ length: 20 }, (_, index) => buildFeedPost(index));
    const api = stubApi({
      answer: homeAnswer({
        '/api/me/feed': () => json({ items: first, nextCursor: 'c1' }),
        '/api/me/feed?cursor=c1': () => json({ items: [buildFeedPost(20)], nextCursor: null }),
      }),
    });
    renderApp('/home');
    const feed = await screen.findByRole('list', { name: 'Latest posts and answers' });
    expect(within(feed).getAllByRole('article')).toHaveLength(20);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(feed).getAllByRole('article')).toHaveLength(21));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/me/feed?cursor=c1')).toHaveLength(1);
  });

  it('shows what is live elsewhere when none of my groups is, and invites to find groups when the feed is empty', async () => {
    stubApi({
      answer: homeAnswer({
        '/api/sessions?view=live': () =>
          json({
            sessions: [buildAmaSession({ id: 'other', title: 'Elsewhere live', status: 'live' })],
            nextCursor: null,
          }),
      }),
    });
    renderApp('/home');
    const live = await screen.findByRole('list', { name: 'Live elsewhere' });
    expect(within(live).getByRole('link', { name: 'Elsewhere live' })).toBeInTheDocument();
    expect(await screen.findByText('Nothing here yet')).toBeInTheDocument();
    expect(screen.getByText('No upcoming sessions in your groups')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('link', { name: 'Find groups' })[0]).toHaveAttribute('href', '/groups');
    expect(within(main).getByRole('link', { name: 'Find creators' })).toHaveAttribute('href', '/creator');
  });

  it('offers to try again when the feed fails', async () => {
    let isDown = true;
    stubApi({
      answer: homeAnswer({
        '/api/me/feed': () =>
          isDown ? apiError(500, 'internal', 'Something broke') : json({ items: [buildFeedPost(7)], nextCursor: null }),
      }),
    });
    renderApp('/home');
    expect(await screen.findByText('Your feed could not be loaded')).toBeInTheDocument();
    isDown = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Post number 7')).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in and requests nothing of theirs', async () => {
    const api = stubApi({ session: null, answer: homeAnswer() });
    renderApp('/home');
    expect(await screen.findByRole('dialog', { name: 'Sign in to Townhall' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to see your home')).toBeInTheDocument();
    expect(api.fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/me/'))).toBe(false);
  });
});
