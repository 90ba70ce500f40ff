import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import { buildQuestion, PEOPLE } from '#client/features/content/test/content-fixtures.ts';
import { buildGroupPage, json, stubApi } from '#client/features/groups/test/group-fixtures.ts';
import { NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';
import type { GroupRole } from '#shared/lib/permissions.ts';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

const PAGE = '/api/group-slugs/compilers';
const QUESTIONS = '/api/groups/group-1/questions';
const FIRST_LOAD = { timeout: 10_000 };

const first = buildQuestion({ author: PEOPLE.grace, permissions: { canEdit: false, canDelete: true } });
const second = buildQuestion({
  id: 'question-2',
  author: PEOPLE.grace,
  body: 'What is a parser?',
  permissions: { canEdit: false, canDelete: true },
});

function openQueue(
  role: GroupRole,
  more: (request: { path: string; method: string }) => Response | undefined = () => undefined,
) {
  const api = stubApi({
    answer: (request) => {
      const answer = more(request);
      if (answer) return answer;
      if (request.path === PAGE) return json(buildGroupPage(role));
      if (request.path.startsWith(`${QUESTIONS}?`))
        return json({ pinned: null, questions: [first, second], nextCursor: null });
      if (request.path === '/api/groups/group-1/viewed') return new Response(null, { status: 204 });
      if (request.path.endsWith('/duplicates')) return json({ questions: [] });
      return undefined;
    },
  });
  renderApp('/group/compilers?tab=questions');
  return api;
}

function listCalls(api: ReturnType<typeof stubApi>): URLSearchParams[] {
  return api.fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((path) => path.startsWith(`${QUESTIONS}?`))
    .map((path) => new URLSearchParams(path.slice(path.indexOf('?') + 1)));
}

describe('the questions panel', () => {
  it('sorts Top, Fresh or New, and shows the answer-later view', async () => {
    const user = userEvent.setup();
    const api = openQueue('subscriber');
    await screen.findAllByRole('article', { name: 'Question by Grace Hopper' }, FIRST_LOAD);
    const sorts = screen.getByRole('group', { name: 'Sort by' });
    expect(within(sorts).getByRole('button', { name: 'Top' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(sorts).getByRole('button', { name: 'Fresh' }));
    await waitFor(() => expect(listCalls(api).at(-1)?.get('sort')).toBe('fresh'));
    await user.click(screen.getByRole('button', { name: 'Answer later' }));
    await waitFor(() => expect(listCalls(api).at(-1)?.get('view')).toBe('later'));
    // the host's tools are the host's
    expect(screen.queryByRole('button', { name: 'Clear list' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
  });

  it('lets the host clear the answer-later list', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const api = openQueue('host', ({ path, method }) =>
      path === '/api/groups/group-1/answer-later/clear' && method === 'POST' ? json({ cleared: 2 }) : undefined,
    );
    await screen.findAllByRole('article', { name: 'Question by Grace Hopper' }, FIRST_LOAD);
    await user.click(screen.getByRole('button', { name: 'Answer later' }));
    await user.click(await screen.findByRole('button', { name: 'Clear list' }, FIRST_LOAD));
    const dialog = await screen.findByRole('alertdialog', {}, FIRST_LOAD);
    await user.click(within(dialog).getByRole('button', { name: 'Clear list' }));
    await waitFor(() => expect(api.calls('POST', '/api/groups/group-1/answer-later/clear')).toHaveLength(1));
    expect(await screen.findByText('Cleared 2 questions from the list', {}, FIRST_LOAD)).toBeInTheDocument();
  });

  it(
    'moves between the host’s cards with j and k, opens the hide picker with h and the keys with ?',
    { timeout: 20_000 },
    async () => {
      openQueue('host');
      const [card1, card2] = await screen.findAllByRole('article', {}, FIRST_LOAD);
      await screen.findByRole('button', { name: 'Keyboard shortcuts' }, FIRST_LOAD);
      fireEvent.keyDown(document.body, { key: 'j' });
      expect(card1).toHaveFocus();
      fireEvent.keyDown(document.body, { key: 'j' });
      expect(card2).toHaveFocus();
      fireEvent.keyDown(document.body, { key: 'k' });
      expect(card1).toHaveFocus();
      // keys with a modifier are the browser's
      fireEvent.keyDown(document.body, { key: 'j', ctrlKey: true });
      expect(card1).toHaveFocus();
      fireEvent.keyDown(card1!, { key: 'h' });
      const picker = await screen.findByRole('group', { name: 'Why hide this question?' }, FIRST_LOAD);
      await waitFor(() => expect(within(picker).getByRole('button', { name: 'Off topic' })).toHaveFocus());
      // typing in a field is left alone
      fireEvent.keyDown(within(picker).getByRole('button', { name: 'Off topic' }), { key: 'Escape' });
      fireEvent.keyDown(document.body, { key: '?' });
      expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' }, FIRST_LOAD)).toBeInTheDocument();
    },
  );

  it(
    'merges the focused question into its closest duplicate with m, and undoes it with u',
    { timeout: 20_000 },
    async () => {
      const into = { ...second, likeCount: 3 };
      const api = openQueue('host', ({ path, method }) => {
        if (path === '/api/questions/question-1/duplicates') {
          return json({
            questions: [{ id: 'question-2', body: second.body, likeCount: 1, status: 'open', similarity: 0.6 }],
          });
        }
        if (path === '/api/questions/question-1/merge' && method === 'POST') {
          return json({ merged: { ...first, mergedInto: { id: 'question-2', body: second.body } }, into });
        }
        if (path === '/api/questions/question-1/merge' && method === 'DELETE')
          return json({ merged: first, into: second });
        return undefined;
      });
      await screen.findAllByRole('article', {}, FIRST_LOAD);
      await screen.findAllByRole('button', { name: 'Possible duplicates' }, FIRST_LOAD);
      fireEvent.keyDown(document.body, { key: 'j' });
      fireEvent.keyDown(document.body, { key: 'm' });
      await waitFor(() =>
        expect(api.calls('POST', '/api/questions/question-1/merge')).toEqual([{ intoQuestionId: 'question-2' }]),
      );
      expect(await screen.findByText('Merged into “What is a parser?”', {}, FIRST_LOAD)).toBeInTheDocument();
      fireEvent.keyDown(document.body, { key: 'u' });
      await waitFor(() => expect(api.calls('DELETE', '/api/questions/question-1/merge')).toHaveLength(1));
    },
  );

  it('pins the focused question with p, through the moderation call', { timeout: 20_000 }, async () => {
    const api = openQueue('host', ({ path, method }) =>
      path === '/api/questions/question-2/moderation' && method === 'PATCH'
        ? json({ question: { ...second, isPinned: true, pinnedAt: '2025-03-03T00:00:00.000Z' } })
        : undefined,
    );
    const [, card2] = await screen.findAllByRole('article', {}, FIRST_LOAD);
    await screen.findAllByRole('button', { name: 'Pin' }, FIRST_LOAD);
    // with no card focused, p pins nothing
    expect(document.body).toHaveFocus();
    fireEvent.keyDown(document.body, { key: 'p' });
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(card2).toHaveFocus();
    fireEvent.keyDown(document.body, { key: 'p' });
    await waitFor(() =>
      expect(api.calls('PATCH', '/api/questions/question-2/moderation')).toEqual([{ isPinned: true }]),
    );
    expect(api.calls('PATCH', '/api/questions/question-1/moderation')).toEqual([]);
  });

  it('opens the focused question’s answer composer with a; saving answers it', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const body = 'A compiler turns source into machine code.';
    const api = openQueue('host', ({ path, method }) =>
      path === '/api/questions/question-1/answer' && method === 'PUT'
        ? json({
            question: {
              ...first,
              status: 'answered',
              answeredAt: '2025-03-03T00:00:00.000Z',
              answer: {
                id: 'answer-1',
                questionId: 'question-1',
                author: PEOPLE.ada,
                body,
                likeCount: 0,
                isLiked: false,
                createdAt: '2025-03-03T00:00:00.000Z',
                updatedAt: '2025-03-03T00:00:00.000Z',
                editedAt: null,
              },
            },
          })
        : undefined,
    );
    const [card1, card2] = await screen.findAllByRole('article', {}, FIRST_LOAD);
    await screen.findAllByRole('button', { name: 'Answer' }, FIRST_LOAD);
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(card1).toHaveFocus();
    fireEvent.keyDown(document.body, { key: 'a' });
    const field = await within(card1!).findByRole('textbox', { name: 'Answer' }, FIRST_LOAD);
    await waitFor(() => expect(field).toHaveFocus());
    // only the focused card's composer opens, and the key is not typed into it
    expect(within(card2!).queryByRole('textbox', { name: 'Answer' })).not.toBeInTheDocument();
    expect(field).toHaveValue('');
    await user.type(field, body);
    await user.click(within(card1!).getByRole('button', { name: 'Save answer' }));
    await waitFor(() => expect(api.calls('PUT', '/api/questions/question-1/answer')).toEqual([{ body }]));
    await waitFor(() => expect(within(card1!).queryByRole('textbox', { name: 'Answer' })).not.toBeInTheDocument());
    // focus goes back to the card, where the keys go on
    await waitFor(() => expect(card1).toHaveFocus());
  });

  it('shows the question hidden last again with u', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    // the first moderation hides it, the second shows it again
    let moderations = 0;
    const api = openQueue('host', ({ path, method }) => {
      if (path !== '/api/questions/question-1/moderation' || method !== 'PATCH') return undefined;
      moderations += 1;
      return json({ question: { ...first, isHidden: moderations === 1 } });
    });
    const [card1] = await screen.findAllByRole('article', {}, FIRST_LOAD);
    await screen.findAllByRole('button', { name: 'Hide' }, FIRST_LOAD);
    // nothing was hidden or merged yet
    fireEvent.keyDown(document.body, { key: 'u' });
    expect(await screen.findByText('Nothing to undo', {}, FIRST_LOAD)).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(card1!, { key: 'h' });
    const picker = await screen.findByRole('group', { name: 'Why hide this question?' }, FIRST_LOAD);
    await user.click(within(picker).getByRole('button', { name: 'Spam' }));
    await screen.findByText('Question hidden', {}, FIRST_LOAD);
    fireEvent.keyDown(document.body, { key: 'u' });
    await waitFor(() =>
      expect(api.calls('PATCH', '/api/questions/question-1/moderation')).toEqual([
        { isHidden: true, reason: 'spam' },
        { isHidden: false },
      ]),
    );
    expect(await screen.findByText('Question shown again', {}, FIRST_LOAD)).toBeInTheDocument();
    // the undo is spent: a second u has nothing left to take back
    act(() => {
      toast.dismiss();
    });
    await waitFor(() => expect(screen.queryByText('Nothing to undo')).not.toBeInTheDocument());
    fireEvent.keyDown(document.body, { key: 'u' });
    expect(await screen.findByText('Nothing to undo', {}, FIRST_LOAD)).toBeInTheDocument();
    expect(api.calls('PATCH', '/api/questions/question-1/moderation')).toHaveLength(2);
  });

  it('gives focus back to the card the host was on when the list of keys closes', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    openQueue('host');
    const [, card2] = await screen.findAllByRole('article', {}, FIRST_LOAD);
    await screen.findByRole('button', { name: 'Keyboard shortcuts' }, FIRST_LOAD);
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(card2).toHaveFocus();
    fireEvent.keyDown(card2!, { key: '?' });
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' }, FIRST_LOAD);
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    // keys typed in the dialog are not the panel's
    fireEvent.keyDown(document.activeElement!, { key: 'k' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(card2).toHaveFocus();
  });
});
