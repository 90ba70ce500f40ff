import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';

import { json, stubApi } from '#client/features/profiles/test/profile-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';
import type { SitePageResponse } from '#shared/schemas/site.ts';

const SUPPORT: SitePageResponse = {
  name: 'support',
  title: 'Support',
  description: 'How groups, questions and live sessions work.',
  updated: null,
  html: '<h2 id="for-hosts">For hosts</h2><h3 id="create-a-group">Create a group</h3><p>Open <a href="/create">Create group</a>.</p><h2 id="for-subscribers">For subscribers</h2><p>Subscribe.</p>',
  headings: [
    { id: 'for-hosts', text: 'For hosts', level: 2 },
    { id: 'create-a-group', text: 'Create a group', level: 3 },
    { id: 'for-subscribers', text: 'For subscribers', level: 2 },
  ],
};

describe('/support', () => {
  it('shows a loading state, then the articles with a table of contents', async () => {
    stubApi({ session: null, answer: ({ path }) => (path === '/api/pages/support' ? json(SUPPORT) : undefined) });
    const { container } = renderApp('/support');

    expect(await screen.findByRole('heading', { level: 1, name: 'Support' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading Support');
    expect(document.title).toBe('Support · Townhall');
    expect(await screen.findByText('How groups, questions and live sessions work.')).toBeInTheDocument();

    const contents = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(contents).getByRole('link', { name: 'For hosts' })).toHaveAttribute('href', '#for-hosts');
    expect(within(contents).getByRole('link', { name: 'Create a group' })).toHaveAttribute('href', '#create-a-group');
    expect(screen.getByRole('heading', { level: 3, name: 'Create a group' })).toHaveAttribute('id', 'create-a-group');

    const footer = screen.getByRole('navigation', { name: 'Footer' });
    for (const [name, href] of [
      ['About', '/about'],
      ['Blog', '/blog'],
      ['Support', '/support'],
      ['Contact', '/contact'],
      ['Privacy policy', '/privacy-policy'],
      ['Terms of service', '/terms-of-service'],
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }

    // Contrast needs a layout jsdom does not have; the browser tests check it.
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((item) => item.impact === 'serious' || item.impact === 'critical')).toEqual([]);
  });

  it('shows the last update of the privacy policy', async () => {
    stubApi({
      session: null,
      answer: ({ path }) =>
        path === '/api/pages/privacy-policy'
          ? json({ ...SUPPORT, name: 'privacy-policy', title: 'Privacy policy', updated: '2026-11-23' })
          : undefined,
    });
    renderApp('/privacy-policy');
    expect(await screen.findByText('November 23, 2026')).toHaveAttribute('datetime', '2026-11-23');
    expect(document.title).toBe('Privacy policy · Townhall');
  });
});
