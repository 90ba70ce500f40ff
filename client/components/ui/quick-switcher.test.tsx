import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { QuickSwitcherProvider, useQuickSwitcher, type QuickSwitcherEntry } from './quick-switcher.tsx';

beforeEach(() => {
  // jsdom has neither; cmdk measures its list and scrolls the highlighted item into view.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  Element.prototype.scrollIntoView = () => {};
});

function Page() {
  const { open } = useQuickSwitcher();
  const location = useLocation();
  return (
    <>
      <p data-testid="path">{location.pathname}</p>
      <button type="button" onClick={open}>
        Open quick switcher
      </button>
    </>
  );
}

function renderWithSwitcher(entries: QuickSwitcherEntry[]) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <QuickSwitcherProvider entries={entries}>
            <Page />
          </QuickSwitcherProvider>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const signOut = vi.fn();
const entries: QuickSwitcherEntry[] = [
  { label: 'Home', href: '/', group: 'Pages' },
  { label: 'Settings', href: '/settings', group: 'Pages', keywords: ['preferences'] },
  { label: 'UI library', href: '/ui-library', group: 'Pages' },
  { label: 'Sign out', onSelect: signOut, group: 'Actions' },
];

describe('QuickSwitcher', () => {
  it('opens with Ctrl+K and with Cmd+K, and Escape closes it', async () => {
    const user = userEvent.setup();
    renderWithSwitcher(entries);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.keyboard('{Control>}k{/Control}');
    // the dialog's code (with its list) loads on first opening
    expect(await screen.findByRole('dialog', { name: 'Quick switcher' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox')).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.keyboard('{Meta>}k{/Meta}');
    expect(screen.getByRole('dialog', { name: 'Quick switcher' })).toBeInTheDocument();

    // The same shortcut closes it again.
    await user.keyboard('{Meta>}k{/Meta}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists entries by group and filters by label or keyword', async () => {
    const user = userEvent.setup();
    renderWithSwitcher(entries);
    await user.click(screen.getByRole('button', { name: 'Open quick switcher' }));

    expect(screen.getByRole('group', { name: 'Pages' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Actions' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(4);

    await user.keyboard('prefer');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Settings']);

    await user.keyboard('zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No results found')).toBeInTheDocument();
  });

  it('goes to the chosen page with Enter and closes', async () => {
    const user = userEvent.setup();
    const router = renderWithSwitcher(entries);

    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('library{Enter}');

    expect(router.state.location.pathname).toBe('/ui-library');
    expect(screen.getByTestId('path')).toHaveTextContent('/ui-library');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('runs an action entry', async () => {
    const user = userEvent.setup();
    renderWithSwitcher(entries);

    await user.keyboard('{Control>}k{/Control}');
    await user.click(screen.getByRole('option', { name: 'Sign out' }));

    expect(signOut).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves Ctrl+Shift+K and a handled Ctrl+K alone', async () => {
    const user = userEvent.setup();
    renderWithSwitcher(entries);

    await user.keyboard('{Control>}{Shift>}k{/Shift}{/Control}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const handled = new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, cancelable: true, bubbles: true });
    handled.preventDefault();
    window.dispatchEvent(handled);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
