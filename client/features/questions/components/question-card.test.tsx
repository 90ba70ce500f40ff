import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import { buildQuestion, PEOPLE } from '#client/features/content/test/content-fixtures.ts';
import { buildGroupPage, json, stubApi } from '#client/features/groups/test/group-fixtures.ts';
import { NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';
import { ANONYMOUS_AUTHOR, type Question } from '#shared/schemas/questions.ts';
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
const QUESTION = '/api/questions/question-1';

/** The page of question-1 as `role` sees it, the server answering with `question` (as it is now) and `more`. */
function openQuestionPage(
  role: GroupRole,
  question: Question | (() => Question),
  more: (request: { path: string; method: string; body: unknown }) => Response | undefined = () => undefined,
) {
  const api = stubApi({
    answer: (request) => {
      if (request.path === PAGE) return json(buildGroupPage(role));
      if (request.path === QUESTION && request.method === 'GET')
        return json({ question: typeof question === 'function' ? question() : question });
      if (request.path.startsWith(`${QUESTION}/comments`)) return json({ comments: [], nextCursor: null });
      return more(request);
    },
  });
  renderApp('/group/compilers/question/question-1');
  return api;
}

/** Grace's open question, as the host or anyone else sees it (not theirs). */
const gracesQuestion = (overrides: Partial<Question> = {}) =>
  buildQuestion({ author: PEOPLE.grace, permissions: { canEdit: false, canDelete: true }, ...overrides });

describe('the labels of a question', () => {
  it('says where a merged question went, linking to that question, and takes no vote', async () => {
    openQuestionPage(
      'subscriber',
      buildQuestion({ mergedInto: { id: 'question-2', body: 'How does a compiler work?' } }),
    );
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Merged into “How does a compiler work?”');
    expect(within(note).getByRole('link')).toHaveAttribute('href', '/group/compilers/question/question-2');
    expect(screen.queryByRole('button', { name: 'Upvote' })).not.toBeInTheDocument();
  });

  it('names the session a question was carried from, with a link to it', async () => {
    openQuestionPage('subscriber', buildQuestion({ carriedFrom: { sessionId: 'session-9', title: 'Spring AMA' } }));
    expect(await screen.findByRole('link', { name: 'Spring AMA' })).toHaveAttribute('href', '/event/session-9');
    expect(screen.getByText(/Carried from/)).toBeInTheDocument();
  });

  it('shows an anonymous asker as Anonymous, with no link to anyone', async () => {
    openQuestionPage('subscriber', buildQuestion({ author: { ...ANONYMOUS_AUTHOR }, isAnonymous: true }));
    const card = await screen.findByRole('article', { name: 'Question by Anonymous' });
    expect(within(card).getByText('Anonymous')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Anonymous' })).not.toBeInTheDocument();
    expect(card.querySelector('a[href^="/@"], a[href="/"]')).toBeNull();
  });
});

describe('the host’s moderation', () => {
  it('hides with the reason picked, sent with the moderation', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    const api = openQuestionPage('host', gracesQuestion(), ({ path, method }) => {
      if (path === `${QUESTION}/duplicates`) return json({ questions: [] });
      if (path === `${QUESTION}/moderation` && method === 'PATCH') {
        return json({ question: gracesQuestion({ isHidden: true }) });
      }
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Hide' }));
    const picker = screen.getByRole('group', { name: 'Why hide this question?' });
    // focus lands on the first reason
    expect(within(picker).getByRole('button', { name: 'Off topic' })).toHaveFocus();
    await user.click(within(picker).getByRole('button', { name: 'Spam' }));
    await waitFor(() =>
      expect(api.calls('PATCH', `${QUESTION}/moderation`)).toEqual([{ isHidden: true, reason: 'spam' }]),
    );
    // the first toast of the run waits for sonner's code
    expect(await screen.findByText('Question hidden', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('closes the picker with Escape, focus back on Hide', async () => {
    const user = userEvent.setup();
    openQuestionPage('host', gracesQuestion());
    const hide = await screen.findByRole('button', { name: 'Hide' });
    await user.click(hide);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Why hide this question?' })).not.toBeInTheDocument();
    expect(hide).toHaveFocus();
  });

  it('lists possible duplicates and merges into one, with an Undo in the toast', async () => {
    const user = userEvent.setup();
    const into = gracesQuestion({ id: 'question-2', body: 'How does a compiler work?', likeCount: 5 });
    const merged = gracesQuestion({ mergedInto: { id: 'question-2', body: into.body } });
    const api = openQuestionPage('host', gracesQuestion(), ({ path, method }) => {
      if (path === `${QUESTION}/duplicates`) {
        return json({
          questions: [{ id: 'question-2', body: into.body, likeCount: 3, status: 'open', similarity: 0.7 }],
        });
      }
      if (path === `${QUESTION}/merge` && method === 'POST') return json({ merged, into });
      if (path === `${QUESTION}/merge` && method === 'DELETE') return json({ merged: gracesQuestion(), into });
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Possible duplicates' }));
    const list = await screen.findByRole('list', { name: 'Possible duplicates' });
    expect(within(list).getByText('3 votes · 70% alike')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: /Merge into this/ }));
    await waitFor(() => expect(api.calls('POST', `${QUESTION}/merge`)).toEqual([{ intoQuestionId: 'question-2' }]));
    expect(await screen.findByText('Merged into “How does a compiler work?”')).toBeInTheDocument();
    // sonner's toast wants pointer capture, which jsdom lacks: a plain click
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(api.calls('DELETE', `${QUESTION}/merge`)).toHaveLength(1));
    expect(await screen.findByText('Merge undone')).toBeInTheDocument();
  });
});

describe('the asker’s merge', () => {
  it('is offered on their own open question only when something reads like it', async () => {
    openQuestionPage('subscriber', buildQuestion(), ({ path }) =>
      path === `${QUESTION}/duplicates`
        ? json({
            questions: [{ id: 'question-2', body: 'Compilers?', likeCount: 1, status: 'answered', similarity: 0.5 }],
          })
        : undefined,
    );
    expect(await screen.findByRole('button', { name: 'Merge into an existing question' })).toBeInTheDocument();
  });

  it('is not offered when nothing reads like it', async () => {
    const api = openQuestionPage('subscriber', buildQuestion(), ({ path }) =>
      path === `${QUESTION}/duplicates` ? json({ questions: [] }) : undefined,
    );
    await screen.findByRole('article');
    await waitFor(() => expect(api.calls('GET', `${QUESTION}/duplicates`)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Merge into an existing question' })).not.toBeInTheDocument();
  });
});

describe('the host’s edit', () => {
  const HINT = 'Your edit shows as “edited by the host” and is listed in the public moderation ledger.';

  it('is offered on a subscriber’s open question, says it is public, and saves the text', async () => {
    const user = userEvent.setup();
    const fixed = 'How do compilers work, step by step?';
    // the server's question: edited by the host once the edit is saved
    let stored = gracesQuestion();
    const api = openQuestionPage(
      'host',
      () => stored,
      ({ path, method }) => {
        if (path !== QUESTION || method !== 'PATCH') return undefined;
        stored = gracesQuestion({ body: fixed, editedAt: '2025-03-03T00:00:00.000Z', editedByHost: true });
        return json({ question: stored });
      },
    );
    const card = await screen.findByRole('article', { name: 'Question by Grace Hopper' });
    await user.click(await within(card).findByRole('button', { name: 'Edit' }));
    const field = within(card).getByRole('textbox', { name: 'Edit question' });
    // focus in the field, after its text
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveValue('How do compilers work?');
    expect((field as HTMLTextAreaElement).selectionStart).toBe('How do compilers work?'.length);
    // said before saving, as the field's description
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(within(card).getByText(HINT).id);
    await user.clear(field);
    await user.type(field, fixed);
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PATCH', QUESTION)).toEqual([{ body: fixed }]));
    expect(await within(card).findByText('(edited by the host)')).toBeInTheDocument();
    expect(within(card).getByText(fixed)).toBeInTheDocument();
    expect(within(card).queryByText(HINT)).not.toBeInTheDocument();
  });

  it('is not offered on an answered question', async () => {
    openQuestionPage('host', gracesQuestion({ status: 'answered' }));
    const card = await screen.findByRole('article', { name: 'Question by Grace Hopper' });
    // the host's tools have drawn: Edit would be among them
    await within(card).findByRole('button', { name: 'Reopen' });
    expect(within(card).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('is not offered on a merged question', async () => {
    openQuestionPage('host', gracesQuestion({ mergedInto: { id: 'question-2', body: 'Compilers?' } }));
    const card = await screen.findByRole('article', { name: 'Question by Grace Hopper' });
    await within(card).findByRole('note');
    // the Delete the host has on it has drawn: Edit would have drawn with it
    await within(card).findByRole('button', { name: 'Delete' });
    expect(within(card).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('is not offered to a subscriber on someone else’s question', async () => {
    openQuestionPage('subscriber', gracesQuestion());
    const card = await screen.findByRole('article', { name: 'Question by Grace Hopper' });
    await within(card).findByRole('button', { name: 'Delete' });
    expect(within(card).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('the asker’s own edit carries no hint', async () => {
    const user = userEvent.setup();
    openQuestionPage('subscriber', buildQuestion());
    const card = await screen.findByRole('article', { name: 'Question by Ada Lovelace' });
    await user.click(await within(card).findByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(within(card).getByRole('textbox', { name: 'Edit question' })).toHaveFocus());
    expect(within(card).queryByText(HINT)).not.toBeInTheDocument();
  });

  it('reads “(edited by the host)” when the host changed the text', async () => {
    openQuestionPage(
      'subscriber',
      gracesQuestion({
        editedAt: '2025-03-03T00:00:00.000Z',
        editedByHost: true,
        permissions: { canEdit: false, canDelete: false },
      }),
    );
    const card = await screen.findByRole('article', { name: 'Question by Grace Hopper' });
    expect(await within(card).findByText('(edited by the host)')).toBeInTheDocument();
    expect(within(card).queryByText('(edited)')).not.toBeInTheDocument();
  });

  it('reads a plain “(edited)” for the asker’s own edit', async () => {
    openQuestionPage('subscriber', gracesQuestion({ editedAt: '2025-03-03T00:00:00.000Z', editedByHost: false }));
    const card = await screen.findByRole('article', { name: 'Question by Grace Hopper' });
    expect(await within(card).findByText('(edited)')).toBeInTheDocument();
    expect(within(card).queryByText('(edited by the host)')).not.toBeInTheDocument();
  });
});
