import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, json, stubApi } from '#client/features/profiles/test/profile-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';
import type { BlogPostResponse } from '#shared/schemas/site.ts';

const POST: BlogPostResponse = {
  slug: 'running-a-great-ama',
  title: 'Running a great AMA',
  date: '2026-10-06',
  author: 'The Townhall maintainers',
  summary: 'Practical advice for hosts.',
  html: '<h2 id="before">Before the session</h2><p>Read the <a href="/support">support pages</a>.</p><p>&lt;script&gt;</p>',
};
const { html: _html, ...SUMMARY } = POST;

describe('/blog', () => {
  it('lists the posts with date, author and summary, and opens one', async () => {
    stubApi({
      session: null,
      answer: ({ path }) => {
        if (path === '/api/blog') return json({ posts: [SUMMARY] });
        if (path === '/api/blog/running-a-great-ama') return json(POST);
        return undefined;
      },
    });
    renderApp('/blog');
    const u = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    expect(document.title).toBe('Blog · Townhall');
    const list = await screen.findByRole('list', { name: 'Blog posts' });
    const card = within(list).getByRole('article');
    expect(within(card).getByText('October 6, 2026')).toHaveAttribute('datetime', '2026-10-06');
    expect(within(card).getByText(/The Townhall maintainers/)).toBeInTheDocument();
    expect(within(card).getByText('Practical advice for hosts.')).toBeInTheDocument();

    await u.click(within(card).getByRole('link', { name: 'Running a great AMA' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Running a great AMA' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Before the session' })).toHaveAttribute('id', 'before');
    expect(screen.getByText('<script>')).toBeInTheDocument();
    expect(document.title).toBe('Running a great AMA · Townhall');
    expect(screen.getByRole('link', { name: 'All posts' })).toHaveAttribute('href', '/blog');
  });

  it('follows a link to our own page inside a post without reloading', async () => {
    stubApi({
      session: null,
      answer: ({ path }) => (path === '/api/blog/running-a-great-ama' ? json(POST) : undefined),
    });
    const { router } = renderApp('/blog/running-a-great-ama');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('link', { name: 'support pages' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/support'));
  });

  it('says when a post does not exist', async () => {
    stubApi({
      session: null,
      answer: ({ path }) =>
        path === '/api/blog/gone' ? apiError(404, 'not_found', 'There is no blog post at this address.') : undefined,
    });
    renderApp('/blog/gone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
    expect(document.title).toBe('Post not found · Townhall');
    expect(screen.getByRole('link', { name: 'All posts' })).toBeInTheDocument();
  });

  it('offers to try again when the list fails', async () => {
    let attempts = 0;
    stubApi({
      session: null,
      answer: ({ path }) => {
        if (path !== '/api/blog') return undefined;
        attempts += 1;
        return attempts === 1
          ? apiError(503, 'unavailable', 'The service is not available right now.')
          : json({ posts: [SUMMARY] });
      },
    });
    renderApp('/blog');
    const u = userEvent.setup();
    expect(await screen.findByText('The blog could not be loaded')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Running a great AMA' })).toBeInTheDocument();
  });
});
