import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import { buildComment, buildPost, buildQuestion, PEOPLE } from '#client/features/content/test/content-fixtures.ts';
import { apiError, buildAccess, buildGroupPage, json, stubApi } from '#client/features/groups/test/group-fixtures.ts';
import { NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { createFakeLiveClient } from '#client/test/live-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';
import { PERMISSION_REASONS, type GroupRole } from '#shared/lib/permissions.ts';
import type { Post } from '#shared/schemas/posts.ts';
import type { Question } from '#shared/schemas/questions.ts';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

const PAGE = '/api/group-slugs/compilers';
const POSTS = '/api/groups/group-1/posts';
const QUESTIONS = '/api/groups/group-1/questions';
const user = () => userEvent.setup();
// The first render loads the lazy page: slower than a findBy's default second when the whole suite runs.
const FIRST_LOAD = { timeout: 5000 };

type Route = (request: { path: string; method: string; body: unknown }) => Response | Promise<Response> | undefined;

/** The group page for `role`, its feed and queue, and whatever `extra` answers first. */
function stubGroup(
  role: GroupRole,
  { posts = [], questions = [], extra }: { posts?: Post[]; questions?: Question[]; extra?: Route } = {},
) {
  return stubApi({
    answer: (request) => {
      const answer = extra?.(request);
      if (answer) return answer;
      const { path, method } = request;
      if (path === PAGE) return json(buildGroupPage(role));
      if (path === POSTS && method === 'GET') return json({ posts, nextCursor: null });
      if (path.startsWith(`${QUESTIONS}?`)) return json({ pinned: null, questions, nextCursor: null });
      if (path === '/api/groups/group-1/viewed') return new Response(null, { status: 204 });
      return undefined;
    },
  });
}

function questionListCalls(fetchMock: ReturnType<typeof stubApi>['fetchMock']): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((path) => path.startsWith(`${QUESTIONS}?`))
    .map((path) => new URLSearchParams(path.slice(path.indexOf('?') + 1)));
}

describe('posts', () => {
  it('sends a guest through the subscribe gate from the composer, then posts', async () => {
    const created = buildPost({ id: 'post-new', author: PEOPLE.ada, body: 'My _first_ post' });
    const api = stubGroup('guest', {
      extra: ({ path, method }) => {
        if (path === '/api/groups/group-1/subscription' && method === 'PUT') {
          return json({ isSubscribed: true, changed: true, subscriberCount: 11, access: buildAccess('subscriber') });
        }
        if (path === POSTS && method === 'POST') return json({ post: created }, 201);
        return undefined;
      },
    });
    renderApp('/group/compilers');

    expect(await screen.findByText('No posts yet.', {}, FIRST_LOAD)).toBeInTheDocument();
    await user().click(screen.getByRole('textbox', { name: 'Write a post' }));
    const gate = await screen.findByRole('dialog', { name: 'Subscribe to post' });
    await user().click(within(gate).getByRole('button', { name: 'Subscribe & Post' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const field = screen.getByRole('textbox', { name: 'Write a post' });
    await waitFor(() => expect(field).not.toHaveAttribute('readonly'));
    await user().type(field, 'My _first_ post');
    await user().click(screen.getByRole('button', { name: 'Post' }));

    const post = await screen.findByRole('article', { name: 'Post by Ada Lovelace' }, FIRST_LOAD);
    expect(within(post).getByText('first').tagName).toBe('EM');
    expect(api.calls('POST', POSTS)).toEqual([{ body: 'My _first_ post', images: [] }]);
    expect(field).toHaveValue('');
  });

  it('likes at once and takes the like back when the server refuses', async () => {
    let refuse: (response: Response) => void = () => {};
    stubGroup('subscriber', {
      posts: [buildPost({ likeCount: 3 })],
      extra: ({ path, method }) =>
        path === '/api/likes/post/post-1' && method === 'PUT'
          ? new Promise<Response>((resolve) => {
              refuse = resolve;
            })
          : undefined,
    });
    const error = vi.spyOn(toast, 'error');
    renderApp('/group/compilers');

    const post = await screen.findByRole('article', { name: 'Post by Grace Hopper' }, FIRST_LOAD);
    const like = within(post).getByRole('button', { name: 'Like' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await user().click(like);

    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(within(post).getByTestId('like-count-post-1')).toHaveTextContent('4');

    refuse(apiError(500, 'internal', 'Something broke'));
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
    expect(within(post).getByTestId('like-count-post-1')).toHaveTextContent('3');
    expect(error).toHaveBeenCalledWith('Could not like this', { description: 'Something broke' });
  });

  it('comments and replies under a post', async () => {
    const existing = buildComment();
    const api = stubGroup('subscriber', {
      posts: [buildPost({ commentCount: 1 })],
      extra: ({ path, method, body }) => {
        if (path !== '/api/posts/post-1/comments') return undefined;
        if (method === 'GET') return json({ comments: [existing], nextCursor: null });
        const input = body as { body: string; replyToId?: string };
        return json(
          {
            comment: buildComment({
              id: input.replyToId ? 'reply-1' : 'comment-2',
              author: PEOPLE.ada,
              body: input.body,
              replyToId: input.replyToId ?? null,
            }),
          },
          201,
        );
      },
    });
    renderApp('/group/compilers');

    const post = await screen.findByRole('article', { name: 'Post by Grace Hopper' }, FIRST_LOAD);
    await user().click(within(post).getByRole('button', { name: '1 comment' }));
    expect(await within(post).findByText('First!')).toBeInTheDocument();

    await user().type(within(post).getByRole('textbox', { name: 'Write a comment' }), 'Great **post**');
    await user().click(within(post).getByRole('button', { name: 'Comment' }));
    expect(await within(post).findByRole('article', { name: 'Comment by Ada Lovelace' })).toHaveTextContent(
      'Great post',
    );
    expect(within(post).getByRole('button', { name: '2 comments' })).toBeInTheDocument();

    const first = within(post).getByRole('article', { name: 'Comment by Grace Hopper' });
    await user().click(within(first).getByRole('button', { name: 'Reply' }));
    const replyField = within(first).getByRole('textbox', { name: 'Reply to Grace Hopper' });
    await user().type(replyField, 'Agreed');
    const replyForm = replyField.closest('form');
    if (!replyForm) throw new Error('no reply form');
    await user().click(within(replyForm).getByRole('button', { name: 'Reply' }));

    const replies = await within(post).findByRole('list', { name: 'Replies to Grace Hopper' });
    expect(within(replies).getByText('Agreed')).toBeInTheDocument();
    expect(api.calls('POST', '/api/posts/post-1/comments')).toEqual([
      { body: 'Great **post**' },
      { body: 'Agreed', replyToId: 'comment-1' },
    ]);
  });
});

describe('live posts', () => {
  it("shows another viewer's like at once and reads the feed again on 'post.created'", async () => {
    const live = createFakeLiveClient();
    const api = stubGroup('subscriber', { posts: [buildPost({ likeCount: 1 })] });
    renderApp('/group/compilers', { liveClient: live.client });

    const post = await screen.findByRole('article', { name: 'Post by Grace Hopper' }, FIRST_LOAD);
    live.emit({
      topic: 'group:group-1',
      event: 'like.changed',
      ids: { targetId: 'post-1' },
      data: { targetType: 'post', likeCount: 5 },
    });
    await waitFor(() => expect(within(post).getByTestId('like-count-post-1')).toHaveTextContent('5'));
    expect(within(post).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');

    live.emit({ topic: 'group:group-1', event: 'post.created', ids: { postId: 'post-2' } });
    await waitFor(() => expect(api.calls('GET', POSTS)).toHaveLength(2));
  });
});

describe('post images and moderation', () => {
  it('uploads picked images as post images, drops a removed one and sends the rest', async () => {
    let uploads = 0;
    const api = stubGroup('subscriber', {
      extra: ({ path, method }) => {
        if (path === '/api/images?purpose=post' && method === 'POST') {
          uploads += 1;
          const url = `/media/post-${String(uploads)}.webp`;
          return json({ id: `image-${String(uploads)}`, url, width: 800, height: 600, variants: [] }, 201);
        }
        if (path === POSTS && method === 'POST') return json({ post: buildPost({ id: 'post-new' }) }, 201);
        return undefined;
      },
    });
    renderApp('/group/compilers');

    await screen.findByText('No posts yet.', {}, FIRST_LOAD);
    const files = [1, 2].map((index) => new File(['x'], `photo-${String(index)}.png`, { type: 'image/png' }));
    await user().upload(screen.getByTestId('post-image-input'), files);
    const attached = await screen.findByRole('list', { name: 'Attached images' });
    await waitFor(() => expect(within(attached).getAllByRole('img')).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled());

    await user().click(within(attached).getByRole('button', { name: 'Remove image 1' }));
    await user().click(screen.getByRole('button', { name: 'Post' }));

    await waitFor(() => expect(api.calls('POST', POSTS)).toHaveLength(1));
    const [sent] = api.calls('POST', POSTS) as [{ images: string[] }];
    expect(sent.images).toHaveLength(1);
    expect(sent.images[0]).toMatch(/^\/media\/post-[12]\.webp$/);
  });

  it('opens the lightbox at the clicked image of the grid', async () => {
    stubGroup('subscriber', {
      posts: [
        buildPost({
          images: [1, 2, 3].map((index) => ({ url: `/media/p${String(index)}.webp`, width: 800, height: 600 })),
        }),
      ],
    });
    renderApp('/group/compilers');

    const post = await screen.findByRole('article', { name: 'Post by Grace Hopper' }, FIRST_LOAD);
    await user().click(within(post).getByRole('button', { name: 'Open image 2 of 3' }));
    const viewer = await screen.findByRole('dialog', { name: 'Image viewer' });
    expect(within(viewer).getByText('2 / 3')).toBeInTheDocument();
  });

  it('lets the host delete a post after confirming', async () => {
    const api = stubGroup('host', {
      posts: [buildPost({ author: PEOPLE.ada, permissions: { canEdit: false, canDelete: true } })],
      extra: ({ path, method }) =>
        path === '/api/posts/post-1' && method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    });
    renderApp('/group/compilers');

    const post = await screen.findByRole('article', { name: 'Post by Ada Lovelace' }, FIRST_LOAD);
    expect(within(post).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await user().click(within(post).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this post?' });
    await user().click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('No posts yet.')).toBeInTheDocument();
    expect(api.calls('DELETE', '/api/posts/post-1')).toHaveLength(1);
  });
});

describe('the question queue', () => {
  it('shows the host Answer, Pin and Hide, and a subscriber none of them', async () => {
    const host = stubGroup('host', { questions: [buildQuestion()] });
    const { unmount } = renderApp('/group/compilers?tab=questions');
    const question = await screen.findByRole('article', { name: 'Question by Ada Lovelace' }, FIRST_LOAD);
    for (const name of ['Answer', 'Pin', 'Hide', 'Mark answered']) {
      expect(within(question).getByRole('button', { name })).toBeInTheDocument();
    }
    await user().click(screen.getByRole('button', { name: 'Pending' }));
    await waitFor(() => expect(questionListCalls(host.fetchMock).at(-1)?.get('view')).toBe('pending'));
    unmount();

    stubGroup('subscriber', { questions: [buildQuestion({ author: PEOPLE.grace })] });
    renderApp('/group/compilers?tab=questions');
    const asSubscriber = await screen.findByRole('article', { name: 'Question by Grace Hopper' }, FIRST_LOAD);
    expect(within(asSubscriber).getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'false');
    for (const name of ['Answer', 'Pin', 'Hide', 'Mark answered']) {
      expect(within(asSubscriber).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Pending' })).not.toBeInTheDocument();
  });

  it('answers as the host, and the answer shows under the question', async () => {
    const answered = buildQuestion({
      status: 'answered',
      answer: {
        id: 'answer-1',
        questionId: 'question-1',
        author: PEOPLE.grace,
        body: 'With **parsers**',
        likeCount: 0,
        isLiked: false,
        createdAt: '2025-03-03T00:00:00.000Z',
        updatedAt: '2025-03-03T00:00:00.000Z',
        editedAt: null,
      },
    });
    let isAnswered = false;
    const api = stubGroup('host', {
      extra: ({ path, method }) => {
        if (path.startsWith(`${QUESTIONS}?`)) {
          return json({ pinned: null, questions: [isAnswered ? answered : buildQuestion()], nextCursor: null });
        }
        if (path === '/api/questions/question-1/answer' && method === 'PUT') {
          isAnswered = true;
          return json({ question: answered });
        }
        return undefined;
      },
    });
    renderApp('/group/compilers?tab=questions');

    const question = await screen.findByRole('article', { name: 'Question by Ada Lovelace' }, FIRST_LOAD);
    await user().click(within(question).getByRole('button', { name: 'Answer' }));
    await user().type(within(question).getByRole('textbox', { name: 'Answer' }), 'With **parsers**');
    await user().click(within(question).getByRole('button', { name: 'Save answer' }));

    const answer = await within(question).findByRole('region', { name: 'Answer' });
    expect(within(answer).getByText('parsers').tagName).toBe('STRONG');
    expect(within(question).getByRole('button', { name: 'Edit answer' })).toBeInTheDocument();
    expect(api.calls('PUT', '/api/questions/question-1/answer')).toEqual([{ body: 'With **parsers**' }]);
  });

  it("tells the host commenting on a question 'Access Denied' with the rule's reason", async () => {
    const api = stubGroup('host', {
      questions: [buildQuestion()],
      extra: ({ path, method }) =>
        path === '/api/questions/question-1/comments' && method === 'GET'
          ? json({ comments: [], nextCursor: null })
          : undefined,
    });
    const destructive = vi.spyOn(toast, 'destructive');
    renderApp('/group/compilers?tab=questions');

    const question = await screen.findByRole('article', { name: 'Question by Ada Lovelace' }, FIRST_LOAD);
    await user().click(within(question).getByRole('button', { name: '0 comments' }));
    await user().type(await within(question).findByRole('textbox', { name: 'Write a comment' }), 'Hmm');
    await user().click(within(question).getByRole('button', { name: 'Comment' }));

    expect(destructive).toHaveBeenCalledWith('Access Denied', { description: PERMISSION_REASONS.hostComment });
    expect(api.calls('POST', '/api/questions/question-1/comments')).toEqual([]);
    expect(within(question).getByRole('textbox', { name: 'Write a comment' })).toHaveValue('Hmm');
  });

  it('suggests similar questions while typing, each with its vote', async () => {
    const api = stubGroup('subscriber', {
      extra: ({ path }) =>
        path.startsWith(`${QUESTIONS}/similar?`)
          ? json({
              questions: [
                {
                  id: 'question-9',
                  body: 'How does a compiler work?',
                  likeCount: 7,
                  status: 'open',
                  isLiked: false,
                  similarity: 0.6,
                },
              ],
            })
          : undefined,
    });
    renderApp('/group/compilers?tab=questions');

    await user().type(await screen.findByRole('textbox', { name: 'Ask a question' }, FIRST_LOAD), 'How do compilers');
    const similar = await screen.findByRole('region', { name: 'Similar questions' });
    expect(within(similar).getByText('How does a compiler work?')).toBeInTheDocument();
    expect(within(similar).getByRole('button', { name: 'Upvote' })).toBeInTheDocument();
    const asked = api.fetchMock.mock.calls.map(([input]) => String(input)).filter((path) => path.includes('/similar?'));
    // Debounced: one request for the paused text, not one per keystroke.
    expect(asked).toEqual([`${QUESTIONS}/similar?q=How+do+compilers`]);
  });

  it('asks the server for Top, then New', async () => {
    const api = stubGroup('subscriber', { questions: [buildQuestion()] });
    renderApp('/group/compilers?tab=questions');

    await screen.findByRole('article', { name: 'Question by Ada Lovelace' }, FIRST_LOAD);
    expect(screen.getByRole('button', { name: 'Top' })).toHaveAttribute('aria-pressed', 'true');
    await user().click(screen.getByRole('button', { name: 'New' }));

    await waitFor(() => expect(questionListCalls(api.fetchMock)).toHaveLength(2));
    expect(questionListCalls(api.fetchMock).map((params) => [params.get('sort'), params.get('view')])).toEqual([
      ['top', 'open'],
      ['new', 'open'],
    ]);
  });

  it('highlights the pinned question at the top', async () => {
    stubGroup('subscriber', {
      extra: ({ path }) =>
        path.startsWith(`${QUESTIONS}?`)
          ? json({
              pinned: buildQuestion({ id: 'question-2', body: 'Pinned one', isPinned: true, author: PEOPLE.grace }),
              questions: [buildQuestion()],
              nextCursor: null,
            })
          : undefined,
    });
    renderApp('/group/compilers?tab=questions');

    const pinned = await screen.findByRole('article', { name: 'Question by Grace Hopper' }, FIRST_LOAD);
    expect(within(pinned).getByText('Being answered now')).toBeInTheDocument();
    expect(within(pinned).getByText('Pinned one')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Questions' });
    expect(within(list).queryByText('Pinned one')).not.toBeInTheDocument();
  });

  it('reads the lists again when the live channel comes back', async () => {
    const live = createFakeLiveClient();
    const api = stubGroup('subscriber', { questions: [buildQuestion()] });
    renderApp('/group/compilers?tab=questions', { liveClient: live.client });
    await screen.findByRole('article', { name: 'Question by Ada Lovelace' }, FIRST_LOAD);
    expect(questionListCalls(api.fetchMock)).toHaveLength(1);

    live.resync();
    await waitFor(() => expect(questionListCalls(api.fetchMock)).toHaveLength(2));
  });

  it("reads the queue again on a live 'question.created'", async () => {
    const live = createFakeLiveClient();
    const api = stubGroup('subscriber', { questions: [buildQuestion()] });
    renderApp('/group/compilers?tab=questions', { liveClient: live.client });

    await screen.findByRole('article', { name: 'Question by Ada Lovelace' }, FIRST_LOAD);
    expect(live.watched()).toContain('group:group-1');
    expect(questionListCalls(api.fetchMock)).toHaveLength(1);

    live.emit({ topic: 'group:group-1', event: 'question.created', ids: { questionId: 'question-2' } });
    await waitFor(() => expect(questionListCalls(api.fetchMock)).toHaveLength(2));
  });
});
