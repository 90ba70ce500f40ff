import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { buildActivity, buildDashboard } from '#client/features/discovery/test/discovery-fixtures.ts';
import { apiError, json, stubApi } from '#client/features/groups/test/group-fixtures.ts';
import { buildAmaSession } from '#client/features/sessions/test/session-fixtures.ts';
import { NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

describe('/dashboard', () => {
  it('shows my groups with their counts, upcoming sessions, recent activity and quick links', async () => {
    stubApi({
      answer: ({ path }) =>
        path === '/api/me/dashboard'
          ? json(
              buildDashboard({
                upcomingSessions: [buildAmaSession({ id: 'session-9', title: 'Parsers AMA' })],
                activity: [
                  buildActivity(),
                  buildActivity({
                    kind: 'subscription',
                    id: 'group-9:user-3',
                    text: '',
                    actor: { id: 'user-3', username: 'alan', name: 'Alan Turing', profileImageURL: '' },
                    target: { type: 'group', id: 'group-9' },
                  }),
                ],
              }),
            )
          : undefined,
    });
    const { container } = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Create group' })).toHaveAttribute('href', '/create');
    expect(await screen.findByText('Unanswered questions')).toBeInTheDocument();

    const groups = screen.getByRole('list', { name: 'Your groups' });
    expect(within(groups).getByRole('link', { name: 'Parsers' })).toHaveAttribute('href', '/group/parsers');
    expect(within(groups).getByText('12 subscribers · 2 members')).toBeInTheDocument();
    expect(within(groups).getByRole('link', { name: '4 unanswered questions' })).toHaveAttribute(
      'href',
      '/group/parsers?tab=questions',
    );
    expect(within(groups).getByText(/2 waiting for approval/)).toBeInTheDocument();
    expect(within(groups).getByRole('link', { name: 'Schedule a session in Parsers' })).toHaveAttribute(
      'href',
      '/group/parsers?tab=events',
    );

    const sessions = screen.getByRole('list', { name: 'Upcoming sessions' });
    expect(within(sessions).getByRole('link', { name: 'Parsers AMA' })).toHaveAttribute('href', '/event/session-9');

    const activity = screen.getByRole('list', { name: 'Recent activity' });
    const [asked, subscribed] = within(activity).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(asked).toHaveTextContent('Grace Hopper asked in Parsers');
    expect(within(asked).getByText('What about error recovery?')).toBeInTheDocument();
    expect(within(asked).getByRole('link', { name: 'Parsers' })).toHaveAttribute(
      'href',
      '/group/parsers/question/question-9',
    );
    expect(subscribed).toHaveTextContent('Alan Turing subscribed to Parsers');
    expect(within(subscribed).getByRole('link', { name: 'Parsers' })).toHaveAttribute(
      'href',
      '/group/parsers?tab=subscribers',
    );
    await waitFor(() => expect(document.title).toBe('Dashboard · Townhall'));

    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((item) => item.impact === 'serious' || item.impact === 'critical')).toEqual([]);
  });

  it('invites someone hosting nothing to create a group', async () => {
    stubApi({
      answer: ({ path }) =>
        path === '/api/me/dashboard'
          ? json(buildDashboard({ groups: [], totals: { subscribers: 0, unanswered: 0, pending: 0 }, activity: [] }))
          : undefined,
    });
    renderApp('/dashboard');
    expect(await screen.findByText("You don't host any group yet")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a group' })).toHaveAttribute('href', '/create');
  });

  it('offers to try again when the dashboard fails', async () => {
    let isDown = true;
    stubApi({
      answer: ({ path }) =>
        path === '/api/me/dashboard'
          ? isDown
            ? apiError(500, 'internal', 'Something broke')
            : json(buildDashboard())
          : undefined,
    });
    renderApp('/dashboard');
    expect(await screen.findByText('Your dashboard could not be loaded')).toBeInTheDocument();
    isDown = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Your groups' })).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in without asking for the dashboard', async () => {
    const api = stubApi({ session: null });
    renderApp('/dashboard');
    expect(await screen.findByRole('dialog', { name: 'Sign in to Townhall' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to see your dashboard')).toBeInTheDocument();
    expect(api.calls('GET', '/api/me/dashboard')).toHaveLength(0);
  });
});
