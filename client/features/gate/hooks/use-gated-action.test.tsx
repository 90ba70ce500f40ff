import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AppShell } from '#client/app/shell/app-shell.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { GroupGateProvider, useGroupGate } from '#client/features/gate/index.ts';
import { useSubscribeToGroup } from '#client/features/groups/api/subscription.ts';
import { apiError, buildAccess, buildGroupPage, json, stubApi } from '#client/features/groups/test/group-fixtures.ts';
import { NoopResizeObserver } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';
import type { GroupRole, InteractionAction, InteractionTarget } from '#shared/lib/permissions.ts';

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

const PAGE = '/api/group-slugs/compilers';
const LIKE = '/api/groups/group-1/like';
const SUBSCRIPTION = '/api/groups/group-1/subscription';

const subscribed = () =>
  json({ isSubscribed: true, changed: true, subscriberCount: 11, access: buildAccess('subscriber') });

/** The group page with Ada as `role`; `like` and `subscribe` answer the writes (default: success). */
function openGroupAs(
  role: GroupRole,
  {
    like = () => json({ isLiked: true, likeCount: 6 }),
    subscribe = subscribed,
    session,
  }: { like?: () => Response; subscribe?: () => Response; session?: null } = {},
) {
  const api = stubApi({
    ...(session === null ? { session: null } : {}),
    answer: ({ path, method }) => {
      if (path === PAGE) return json(buildGroupPage(role));
      if (path === LIKE && method === 'PUT') return like();
      if (path === SUBSCRIPTION && method === 'PUT') return subscribe();
      if (path === '/api/groups/group-1/viewed') return new Response(null, { status: 204 });
      return undefined;
    },
  });
  renderApp('/group/compilers');
  return api;
}

/** The order in which the writes of groups reached the server. */
function writes(fetchMock: ReturnType<typeof stubApi>['fetchMock']) {
  return fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') !== 'GET' && String(input).startsWith('/api/groups/'))
    .map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
}

describe('the subscribe gate on the group’s Like', () => {
  it('signed out, Like opens the sign-in modal and sends nothing', async () => {
    const { fetchMock } = openGroupAs('unknown', { session: null });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Like' }));

    expect(await screen.findByRole('dialog', { name: 'Sign in to Townhall' })).toBeInTheDocument();
    expect(writes(fetchMock)).toEqual([]);
  });

  it('a guest is offered to subscribe and like in one step; confirming subscribes, then likes, then closes', async () => {
    const success = vi.spyOn(toast, 'success');
    const { fetchMock } = openGroupAs('guest');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Like' }));

    const gate = await screen.findByRole('dialog', { name: 'Subscribe to like' });
    expect(
      within(gate).getByText(
        'Subscribing to this creator is required to engage. Townhall will subscribe you and complete the action in one step.',
      ),
    ).toBeInTheDocument();
    expect(within(gate).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(writes(fetchMock)).toEqual([]);

    await user.click(within(gate).getByRole('button', { name: 'Subscribe & Like' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Subscribe to like' })).not.toBeInTheDocument());
    expect(writes(fetchMock).filter((write) => !write.endsWith('/viewed'))).toEqual([
      `PUT ${SUBSCRIPTION}`,
      `PUT ${LIKE}`,
    ]);
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('6 likes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument();
    expect(screen.getByText('11 subscribers')).toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('Success', { description: 'Subscribed successfully!' });
  });

  it('shows Subscribing… while the subscription is on its way', async () => {
    let answer: (response: Response) => void = () => {};
    stubApi({
      answer: ({ path, method }) => {
        if (path === PAGE) return json(buildGroupPage('guest'));
        if (path === SUBSCRIPTION && method === 'PUT') return new Promise<Response>((resolve) => (answer = resolve));
        return undefined;
      },
    });
    renderApp('/group/compilers');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Like' }));
    const gate = await screen.findByRole('dialog', { name: 'Subscribe to like' });
    await user.click(within(gate).getByRole('button', { name: 'Subscribe & Like' }));

    const busy = await within(gate).findByRole('button', { name: 'Subscribing…' });
    expect(busy).toBeDisabled();
    expect(within(gate).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer(apiError(500, 'internal', 'Failed to subscribe to group'));
    // A failed subscription keeps the gate open for another try.
    expect(await within(gate).findByRole('button', { name: 'Subscribe & Like' })).toBeEnabled();
  });

  it('Cancel closes the gate and sends nothing', async () => {
    const { fetchMock } = openGroupAs('guest');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Like' }));
    const gate = await screen.findByRole('dialog', { name: 'Subscribe to like' });

    await user.click(within(gate).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(fetchMock)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('a subscriber likes at once, without the gate', async () => {
    const { fetchMock } = openGroupAs('subscriber');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Like' }));

    expect(await screen.findByText('6 likes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writes(fetchMock).filter((write) => !write.endsWith('/viewed'))).toEqual([`PUT ${LIKE}`]);
  });

  it('opens the gate when the server answers 403 subscription_required (a stale role), and takes the like back', async () => {
    const failure = vi.spyOn(toast, 'error');
    openGroupAs('subscriber', {
      like: () => apiError(403, 'subscription_required', 'Please sign in and subscribe to interact'),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Like' }));

    expect(await screen.findByRole('dialog', { name: 'Subscribe to like' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like', hidden: true })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('5 likes')).toBeInTheDocument();
    expect(failure).not.toHaveBeenCalled();
  });
});

function GatedButton({
  action,
  target,
  onRun,
}: {
  action: InteractionAction;
  target: InteractionTarget;
  onRun: () => void;
}) {
  const gate = useGroupGate();
  return (
    <button type="button" onClick={() => void gate(action, target, onRun)}>
      Try {action}
    </button>
  );
}

/** The gate of group-1 as a page mounts it, with the groups feature's subscription. */
function GroupOneGate({ role, children }: { role: GroupRole; children: ReactNode }) {
  const subscribe = useSubscribeToGroup();
  return (
    <GroupGateProvider group={{ id: 'group-1' }} access={buildAccess(role)} subscribe={subscribe}>
      {children}
    </GroupGateProvider>
  );
}

/** Any component under a GroupGateProvider can guard its action (posts and questions, for example). */
function renderGate(role: GroupRole, action: InteractionAction, target: InteractionTarget, onRun: () => void) {
  stubApi();
  renderApp('/', {
    routes: [
      {
        path: '/',
        element: <AppShell />,
        children: [
          {
            index: true,
            element: (
              <GroupOneGate role={role}>
                <GatedButton action={action} target={target} onRun={onRun} />
              </GroupOneGate>
            ),
          },
        ],
      },
    ],
  });
}

describe('useGroupGate anywhere in a group', () => {
  it("denies a host's comment on the question queue with 'Access Denied' and the rule's reason", async () => {
    const denied = vi.spyOn(toast, 'destructive');
    const onRun = vi.fn();
    renderGate('host', 'comment', 'questionQueue', onRun);
    const button = await screen.findByRole('button', { name: 'Try comment' });
    // Retried until the session has answered: before that, the gate would ask to sign in instead.
    await waitFor(async () => {
      await userEvent.setup().click(button);
      expect(denied).toHaveBeenCalledWith('Access Denied', {
        description: 'Hosts answer questions rather than comment on them',
      });
    });
    expect(onRun).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets a member ask at once, and titles a guest’s gate by the action', async () => {
    const onRun = vi.fn();
    renderGate('member', 'ask', 'questionQueue', onRun);
    const user = userEvent.setup();
    await waitFor(async () => {
      await user.click(screen.getByRole('button', { name: 'Try ask' }));
      expect(onRun).toHaveBeenCalledTimes(1);
    });
  });

  it('offers a guest to subscribe to ask questions', async () => {
    const onRun = vi.fn();
    renderGate('guest', 'ask', 'questionQueue', onRun);
    const user = userEvent.setup();
    await waitFor(async () => {
      await user.click(screen.getByRole('button', { name: 'Try ask' }));
      expect(screen.getByRole('dialog', { name: 'Subscribe to ask questions' })).toBeInTheDocument();
    });
    expect(screen.getByRole('button', { name: 'Subscribe & Ask' })).toBeInTheDocument();
    expect(onRun).not.toHaveBeenCalled();
  });
});
