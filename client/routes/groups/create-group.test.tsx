import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import { buildGroup, buildGroupPage, json, stubApi } from '#client/features/groups/test/group-fixtures.ts';
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

const available = (path: string) =>
  path.startsWith('/api/groups/slug-availability') ? json({ available: true, message: null }) : undefined;

describe('/create', () => {
  it('signed out, asks to sign in', async () => {
    stubApi({ session: null });
    renderApp('/create');

    expect(await screen.findByRole('dialog', { name: 'Sign in to Townhall' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to create a group')).toBeInTheDocument();
  });

  it('suggests the slug from the name until it is edited', async () => {
    stubApi({ answer: ({ path }) => available(path) });
    renderApp('/create');
    const u = userEvent.setup();

    await u.type(await screen.findByRole('textbox', { name: 'Name' }), 'Café Rust AMA');
    const slug = screen.getByRole('textbox', { name: 'Slug' });
    expect(slug).toHaveValue('cafe-rust-ama');
    expect(await screen.findByText('This slug is available')).toBeInTheDocument();

    await u.clear(slug);
    await u.type(slug, 'rusty');
    await u.type(screen.getByRole('textbox', { name: 'Name' }), '!');
    expect(slug).toHaveValue('rusty');
  });

  it("refuses a reserved slug as typed: 'This slug is not available', and sends nothing", async () => {
    const api = stubApi({ answer: ({ path }) => available(path) });
    renderApp('/create');
    const u = userEvent.setup();

    await u.type(await screen.findByRole('textbox', { name: 'Name' }), 'Admin');
    expect(screen.getByRole('textbox', { name: 'Slug' })).toHaveValue('admin');
    expect(await screen.findByText('This slug is not available')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Slug' })).toHaveAttribute('aria-invalid', 'true');

    await u.click(screen.getByRole('button', { name: 'Create group' }));
    expect(screen.getByRole('textbox', { name: 'Slug' })).toHaveFocus();
    expect(api.calls('POST', '/api/groups')).toHaveLength(0);
    expect(api.calls('GET', '/api/groups/slug-availability?slug=admin')).toHaveLength(0);
  });

  it('names an empty name on submit', async () => {
    stubApi();
    renderApp('/create');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('Name cannot be empty')).toBeInTheDocument();
  });

  it("says a slug is taken once typing pauses (the server's answer)", async () => {
    stubApi({
      answer: ({ path }) =>
        path === '/api/groups/slug-availability?slug=compilers'
          ? json({ available: false, message: 'This slug is already taken' })
          : undefined,
    });
    renderApp('/create');

    await userEvent.setup().type(await screen.findByRole('textbox', { name: 'Name' }), 'Compilers');
    expect(await screen.findByText('This slug is already taken')).toBeInTheDocument();
  });

  it('shows the server’s refusal by field', async () => {
    stubApi({
      answer: ({ path, method }) => {
        if (path === '/api/groups' && method === 'POST')
          return json(
            {
              error: {
                code: 'validation_failed',
                message: 'Group image must be an image you uploaded to Townhall',
                fields: { groupImage: 'Group image must be an image you uploaded to Townhall' },
              },
            },
            400,
          );
        return available(path);
      },
    });
    renderApp('/create');
    const u = userEvent.setup();

    await u.type(await screen.findByRole('textbox', { name: 'Name' }), 'Compilers');
    await u.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('Group image must be an image you uploaded to Townhall')).toBeInTheDocument();
  });

  it('creates the group and opens its page', async () => {
    const api = stubApi({
      answer: ({ path, method }) => {
        if (path === '/api/groups' && method === 'POST')
          return json({ group: buildGroup({ slug: 'compilers', ama: true }) }, 201);
        if (path === '/api/group-slugs/compilers') return json(buildGroupPage('host'));
        return available(path);
      },
    });
    const { router } = renderApp('/create');
    const u = userEvent.setup();

    await u.type(await screen.findByRole('textbox', { name: 'Name' }), 'Compilers');
    await u.type(screen.getByRole('textbox', { name: 'Description' }), 'Parsing');
    expect(screen.queryByRole('switch', { name: 'Questions wait for my approval' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('switch', { name: 'Live Q&A (AMA) group' }));
    await u.click(screen.getByRole('switch', { name: 'Questions wait for my approval' }));
    await u.click(screen.getByRole('button', { name: 'Create group' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/group/compilers'));
    expect(await screen.findByRole('heading', { name: 'Compilers', level: 1 })).toBeInTheDocument();
    expect(api.calls('POST', '/api/groups')).toEqual([
      {
        name: 'Compilers',
        slug: 'compilers',
        description: 'Parsing',
        groupImage: '',
        ama: true,
        questionsNeedApproval: true,
      },
    ]);
  });
});

describe('deleting a group', () => {
  it('asks first, then deletes and goes to /groups with a toast', async () => {
    const success = vi.spyOn(toast, 'success');
    const api = stubApi({
      answer: ({ path, method }) => {
        if (path === '/api/group-slugs/compilers') return json(buildGroupPage('host'));
        if (path === '/api/groups/group-1' && method === 'DELETE') return new Response(null, { status: 204 });
        if (path === '/api/groups?sort=newest') return json({ groups: [], nextCursor: null });
        return undefined;
      },
    });
    const { router } = renderApp('/group/compilers');
    const u = userEvent.setup();

    await u.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you absolutely sure?' });
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/groups'));
    expect(api.calls('DELETE', '/api/groups/group-1')).toHaveLength(1);
    expect(success).toHaveBeenCalledWith('Group deleted', expect.anything());
    expect(await screen.findByText('No groups yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a group' })).toHaveAttribute('href', '/create');
  });
});
