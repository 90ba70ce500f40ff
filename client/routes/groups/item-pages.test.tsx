import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import { buildPost, buildQuestion, PEOPLE } from '#client/features/content/test/content-fixtures.ts';
import { apiError, buildGroupPage, json, stubApi } from '#client/features/groups/test/group-fixtures.ts';
import { NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

const PAGE = '/api/group-slugs/compilers';

describe('the page of one question', () => {
  it('shows the question, the host’s answer and its comments, with the way back to the group', async () => {
    stubApi({
      answer: ({ path }) => {
        if (path === PAGE) return json(buildGroupPage('subscriber'));
        if (path === '/api/questions/question-1') {
          return json({
            question: buildQuestion({
              status: 'answered',
              answer: {
                id: 'answer-1',
                questionId: 'question-1',
                author: PEOPLE.grace,
                body: 'With **parsers**',
                likeCount: 3,
                isLiked: false,
                createdAt: '2025-03-03T00:00:00.000Z',
                updatedAt: '2025-03-03T00:00:00.000Z',
                editedAt: null,
              },
              commentCount: 1,
            }),
          });
        }
        if (path.startsWith('/api/questions/question-1/comments')) {
          return json({ comments: [], nextCursor: null });
        }
        return undefined;
      },
    });
    renderApp('/group/compilers/question/question-1');

    expect(await screen.findByRole('heading', { name: 'Question in Compilers', level: 1 })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByText('How do compilers work?')).toBeInTheDocument();
    expect(within(main).getByText('parsers')).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: /Back to/ })).toHaveAttribute('href', '/group/compilers');
    // the age links to this very page, so it can be shared
    expect(within(main).getByRole('link', { name: /ago|2025/ })).toHaveAttribute(
      'href',
      '/group/compilers/question/question-1',
    );
    await waitFor(() => expect(document.title).toBe('How do compilers work? · Compilers · Townhall'));
  });

  it('says the question is not there when the server answers 404', async () => {
    stubApi({
      answer: ({ path }) => {
        if (path === PAGE) return json(buildGroupPage('guest'));
        if (path === '/api/questions/gone') return apiError(404, 'not_found', 'Question not found');
        return undefined;
      },
    });
    renderApp('/group/compilers/question/gone');
    expect(await screen.findByRole('heading', { name: 'Question not found', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the group' })).toHaveAttribute('href', '/group/compilers');
  });

  it('says the group is not there for an unknown slug', async () => {
    stubApi({
      answer: ({ path }) =>
        path === '/api/group-slugs/nothing' ? apiError(404, 'not_found', 'Group not found') : undefined,
    });
    renderApp('/group/nothing/question/question-1');
    expect(await screen.findByRole('heading', { name: 'Group not found', level: 1 })).toBeInTheDocument();
  });
});

describe('the page of one post', () => {
  it('shows the post as text with its author and opens its comments', async () => {
    const api = stubApi({
      answer: ({ path }) => {
        if (path === PAGE) return json(buildGroupPage('guest'));
        if (path === '/api/posts/post-1') {
          return json({ post: buildPost({ body: 'Hello <b>there</b>', commentCount: 0 }) });
        }
        if (path.startsWith('/api/posts/post-1/comments')) return json({ comments: [], nextCursor: null });
        return undefined;
      },
    });
    renderApp('/group/compilers/post/post-1');

    expect(
      await screen.findByRole('heading', { name: 'Post by Grace Hopper in Compilers', level: 1 }),
    ).toBeInTheDocument();
    const post = screen.getByRole('article', { name: 'Post by Grace Hopper' });
    expect(within(post).getByText('Hello <b>there</b>')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET', '/api/posts/post-1/comments').length).toBeGreaterThan(0));
    await waitFor(() => expect(document.title).toBe('Grace Hopper in Compilers · Townhall'));
  });

  it('says the post is not there when the server answers 404', async () => {
    stubApi({
      answer: ({ path }) => {
        if (path === PAGE) return json(buildGroupPage('guest'));
        if (path === '/api/posts/gone') return apiError(404, 'not_found', 'Post not found');
        return undefined;
      },
    });
    renderApp('/group/compilers/post/gone');
    expect(await screen.findByRole('heading', { name: 'Post not found', level: 1 })).toBeInTheDocument();
  });
});
