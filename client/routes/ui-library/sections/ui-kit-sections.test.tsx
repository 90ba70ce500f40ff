import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { COMBOBOX, SEARCH_FIELD } from '#shared/constants/ui.ts';

import { AvatarsSection } from './avatars-section.tsx';
import { ComboboxSection } from './combobox-section.tsx';
import { CommandSection } from './command-section.tsx';
import { InputsSection } from './inputs-section.tsx';
import { SearchSection } from './search-section.tsx';
import { SkeletonsSection } from './skeletons-section.tsx';

beforeEach(() => {
  // jsdom has neither; cmdk and radix's popper use them.
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

function renderInRouter(element: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/ui-library'] });
  return render(<RouterProvider router={router} />);
}

describe('UI library sections of the kit', () => {
  it.each([
    ['Avatars', AvatarsSection, 'avatars'],
    ['Inputs', InputsSection, 'inputs'],
    ['Combobox', ComboboxSection, 'combobox'],
    ['Search', SearchSection, 'search'],
    ['Skeletons', SkeletonsSection, 'skeletons'],
    ['Command', CommandSection, 'command'],
  ] as const)('%s renders as a section named by its heading', (title, Section, id) => {
    renderInRouter(<Section />);

    const section = screen.getByRole('region', { name: title });
    expect(section).toHaveAttribute('id', id);
    expect(within(section).getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
  });

  it('filters the fruit combobox down to its empty text', async () => {
    const user = userEvent.setup();
    renderInRouter(<ComboboxSection />);

    await user.click(screen.getByRole('combobox', { name: 'Favourite fruit' }));
    await user.keyboard('ap');
    // Apple, Apricot, Papaya, Pineapple (anywhere in the name) and Banana (its 'wrapper' description).
    expect(screen.getAllByRole('option')).toHaveLength(5);
    expect(screen.getByRole('option', { name: /^Pineapple/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /^Banana/ })).toBeInTheDocument();

    await user.keyboard('xyz');
    expect(screen.getByText(COMBOBOX.emptyText)).toBeInTheDocument();
  });

  it('suggests people and groups from the first character', async () => {
    const user = userEvent.setup();
    renderInRouter(<SearchSection />);

    await user.type(screen.getByRole('combobox', { name: 'Search people and groups' }), 'a');

    expect(screen.getAllByRole('option')).toHaveLength(SEARCH_FIELD.maxSuggestions);
  });

  it('opens the quick switcher from its button', async () => {
    const user = userEvent.setup();
    renderInRouter(<CommandSection />);

    await user.click(screen.getByRole('button', { name: 'Open quick switcher' }));

    expect(screen.getByRole('dialog', { name: 'Quick switcher' })).toBeInTheDocument();
  });

  it('shows one text field over its limit', () => {
    renderInRouter(<InputsSection />);

    expect(screen.getByRole('textbox', { name: 'Bio' })).toHaveAttribute('aria-invalid', 'true');
  });
});
