import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import { SignInModalProvider } from '#client/features/accounts/components/sign-in-modal.tsx';
import { buildQuestion } from '#client/features/content/test/content-fixtures.ts';
import { GroupGateProvider } from '#client/features/gate/index.ts';
import { apiError, buildAccess, json, stubApi } from '#client/features/groups/test/group-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';
import { CAP_REACHED_CODE, FAIR_QUEUE_MESSAGES } from '#shared/constants/fair-queue.ts';
import type { GroupRole } from '#shared/lib/permissions.ts';

import { AskBox, type AskBoxRules } from './ask-box.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  act(() => {
    toast.dismiss();
  });
});

const ASK = '/api/groups/group-1/questions';

/** The ask box of group-1 for `role`, with the group's rules; the server answers asks with `answer`. */
function renderAskBox(
  role: GroupRole,
  rules: Partial<AskBoxRules> | null,
  answer = () => json({ question: buildQuestion() }, 201),
) {
  const api = stubApi({
    answer: ({ path, method }) => {
      if (path === ASK && method === 'POST') return answer();
      if (path.startsWith(`${ASK}/similar`)) return json({ questions: [] });
      return undefined;
    },
  });
  const element = (
    <SignInModalProvider>
      <GroupGateProvider group={{ id: 'group-1' }} access={buildAccess(role)} subscribe={async () => undefined}>
        <AskBox
          groupId="group-1"
          canAsk
          questionsNeedApproval={false}
          rules={rules === null ? undefined : { role, anonymousQuestions: false, openQuestionCap: null, ...rules }}
        />
      </GroupGateProvider>
    </SignInModalProvider>
  );
  renderApp('/', { routes: [{ path: '/', element }] });
  return api;
}

describe('asking anonymously', () => {
  it('offers the box only where the group takes anonymous questions, and sends it', async () => {
    const success = vi.spyOn(toast, 'success');
    const api = renderAskBox('subscriber', { anonymousQuestions: true });
    const u = userEvent.setup();
    const box = await screen.findByRole('checkbox', { name: FAIR_QUEUE_MESSAGES.askAnonymously });
    expect(box).toHaveAccessibleDescription(FAIR_QUEUE_MESSAGES.askAnonymouslyHint);
    await u.click(box);
    await u.type(screen.getByRole('textbox', { name: 'Ask a question' }), 'Who am I?');
    await u.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(api.calls('POST', ASK)).toEqual([{ body: 'Who am I?', anonymous: true }]));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Asked anonymously', { description: 'Nobody sees who asked it.' }),
    );
  });

  it('sends an ordinary question while the box is not ticked', async () => {
    const api = renderAskBox('member', { anonymousQuestions: true });
    const u = userEvent.setup();
    await u.type(await screen.findByRole('textbox', { name: 'Ask a question' }), 'Named');
    await u.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(api.calls('POST', ASK)).toEqual([{ body: 'Named' }]));
  });

  it('has no box where the group does not take them, or without the rules', async () => {
    renderAskBox('subscriber', { anonymousQuestions: false });
    await screen.findByRole('textbox', { name: 'Ask a question' });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('has no box for someone the rule does not let ask', async () => {
    renderAskBox('guest', { anonymousQuestions: true });
    await screen.findByRole('textbox', { name: 'Ask a question' });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('the cap on open questions', () => {
  it('is said under the field, and the refusal beyond it shows in place', async () => {
    const refusal = FAIR_QUEUE_MESSAGES.capReached(2);
    renderAskBox('subscriber', { openQuestionCap: 2 }, () => apiError(409, CAP_REACHED_CODE, refusal));
    const u = userEvent.setup();
    expect(await screen.findByText('You can have up to 2 open questions here.')).toBeInTheDocument();
    await u.type(screen.getByRole('textbox', { name: 'Ask a question' }), 'One more');
    await u.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    // the text stays for when a place frees up
    expect(screen.getByRole('textbox', { name: 'Ask a question' })).toHaveValue('One more');
  });

  it('is not shown to the host, who has none', async () => {
    renderAskBox('host', { openQuestionCap: 2 });
    await screen.findByRole('textbox', { name: 'Ask a question' });
    expect(screen.queryByText(/You can have up to/)).not.toBeInTheDocument();
  });
});
