import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { GENERIC_TEXTS, SEARCH_FIELD } from '#shared/constants/ui.ts';

import { RECENT_SEARCHES_STORAGE_KEY } from './recent-searches.ts';
import { SearchField, type SearchSuggestion } from './search-field.tsx';

beforeEach(() => {
  // jsdom does not scroll; the field scrolls the highlighted option into view.
  Element.prototype.scrollIntoView = () => {};
});

afterEach(() => {
  window.localStorage.clear();
});

const people: SearchSuggestion[] = [
  { id: 'p1', label: 'Alice Martin', description: 'Hosts the gardening group' },
  { id: 'p2', label: 'Bob Stone', description: 'Woodworking' },
  { id: 'g1', label: 'Gardeners United', description: 'Allotment owners' },
];

const members: SearchSuggestion[] = Array.from({ length: 30 }, (_, n) => ({
  id: `m${String(n)}`,
  label: `Member ${String(n)}`,
}));

function renderField(props: Partial<Parameters<typeof SearchField<SearchSuggestion>>[0]> = {}) {
  const onSelect = vi.fn();
  const onSubmit = vi.fn();
  render(<SearchField label="Search people" suggestions={people} onSelect={onSelect} onSubmit={onSubmit} {...props} />);
  return { input: screen.getByRole('combobox', { name: 'Search people' }), onSelect, onSubmit };
}

function visibleOptions() {
  return screen.queryAllByRole('option');
}

describe('SearchField', () => {
  it('is a combobox input with the placeholder, closed at first', () => {
    const { input } = renderField();

    expect(input.tagName).toBe('INPUT');
    expect(input).toHaveAttribute('placeholder', SEARCH_FIELD.placeholder);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(document.getElementById(input.getAttribute('aria-controls') ?? '')).toHaveAttribute('role', 'listbox');
  });

  it('suggests after one character, matching label or description', async () => {
    const user = userEvent.setup();
    const { input } = renderField();

    await user.type(input, 'g');

    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(visibleOptions().map((option) => option.textContent)).toEqual([
      'Alice MartinHosts the gardening group',
      'Bob StoneWoodworking',
      'Gardeners UnitedAllotment owners',
    ]);

    await user.type(input, 'arden');
    expect(visibleOptions()).toHaveLength(2);
  });

  it('waits for a longer minimum length when asked', async () => {
    const user = userEvent.setup();
    const { input } = renderField({ minLength: 3 });

    await user.type(input, 'al');
    expect(visibleOptions()).toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.type(input, 'i');
    expect(visibleOptions()).toHaveLength(1);
  });

  it('shows at most 10 suggestions', async () => {
    const user = userEvent.setup();
    const { input } = renderField({ suggestions: members });

    await user.type(input, 'member');

    expect(visibleOptions()).toHaveLength(SEARCH_FIELD.maxSuggestions);
    expect(visibleOptions()[0]).toHaveTextContent('Member 0');
  });

  it("says 'No results found' when nothing matches", async () => {
    const user = userEvent.setup();
    const { input } = renderField();

    await user.type(input, 'zebra');

    expect(visibleOptions()).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent(SEARCH_FIELD.noResultsText);
  });

  it('moves with the arrows, wrapping, and picks with Enter', async () => {
    const user = userEvent.setup();
    const { input, onSelect, onSubmit } = renderField();

    await user.type(input, 'o');
    await user.keyboard('{ArrowDown}');
    const [first] = visibleOptions();
    expect(input).toHaveAttribute('aria-activedescendant', first?.id);
    expect(first).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', visibleOptions().at(-1)?.id);

    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(people[2]);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input).toHaveValue('Gardeners United');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('submits the text with Enter when no suggestion is highlighted', async () => {
    const user = userEvent.setup();
    const { input, onSelect, onSubmit } = renderField();

    await user.type(input, '  wood  {Enter}');

    expect(onSubmit).toHaveBeenCalledWith('wood');
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('closes with Escape, then clears with a second Escape', async () => {
    const user = userEvent.setup();
    const { input } = renderField();

    await user.type(input, 'bob');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('bob');

    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });

  it('picks a suggestion with a click', async () => {
    const user = userEvent.setup();
    const { input, onSelect } = renderField();

    await user.type(input, 'bob');
    await user.click(screen.getByRole('option', { name: /Bob Stone/ }));

    expect(onSelect).toHaveBeenCalledWith(people[1]);
    expect(input).toHaveFocus();
  });

  describe('recent searches', () => {
    it('shows the recent searches, most recent first, when empty and focused', async () => {
      window.localStorage.setItem(RECENT_SEARCHES_STORAGE_KEY, JSON.stringify(['gardening', 'woodwork']));
      const user = userEvent.setup();
      const { input } = renderField();

      await user.click(input);

      const listbox = screen.getByRole('listbox', { name: 'Recent searches' });
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['gardening', 'woodwork']);
      expect(input).toHaveAttribute('aria-expanded', 'true');
    });

    it('shows nothing when empty and there are no recent searches', async () => {
      const user = userEvent.setup();
      const { input } = renderField();

      await user.click(input);

      expect(input).toHaveAttribute('aria-expanded', 'false');
      expect(visibleOptions()).toHaveLength(0);
    });

    it('remembers submitted and picked searches, newest first, at most 10', async () => {
      window.localStorage.setItem(
        RECENT_SEARCHES_STORAGE_KEY,
        JSON.stringify(Array.from({ length: 10 }, (_, n) => `old ${String(n)}`)),
      );
      const user = userEvent.setup();
      const { input } = renderField();

      await user.type(input, 'wood{Enter}');
      await user.clear(input);
      await user.type(input, 'alice');
      await user.click(screen.getByRole('option', { name: /Alice Martin/ }));
      await user.clear(input);

      const options = within(screen.getByRole('listbox', { name: 'Recent searches' })).getAllByRole('option');
      expect(options).toHaveLength(SEARCH_FIELD.maxRecentSearches);
      expect(options.map((option) => option.textContent).slice(0, 3)).toEqual(['Alice Martin', 'wood', 'old 0']);
      expect(JSON.parse(window.localStorage.getItem(RECENT_SEARCHES_STORAGE_KEY) ?? '[]')).toHaveLength(10);
    });

    it('runs a recent search when picked', async () => {
      window.localStorage.setItem(RECENT_SEARCHES_STORAGE_KEY, JSON.stringify(['gardening']));
      const user = userEvent.setup();
      const { input, onSubmit } = renderField();

      await user.click(input);
      await user.keyboard('{ArrowDown}{Enter}');

      expect(onSubmit).toHaveBeenCalledWith('gardening');
      expect(input).toHaveValue('gardening');
    });

    it('clears the recent searches', async () => {
      window.localStorage.setItem(RECENT_SEARCHES_STORAGE_KEY, JSON.stringify(['gardening']));
      const user = userEvent.setup();
      const { input } = renderField();

      await user.click(input);
      await user.click(screen.getByRole('button', { name: 'Clear recent searches' }));

      expect(visibleOptions()).toHaveLength(0);
      expect(window.localStorage.getItem(RECENT_SEARCHES_STORAGE_KEY)).toBe('[]');
      expect(input).toHaveFocus();
    });

    it('keeps nothing when turned off', async () => {
      const user = userEvent.setup();
      const { input } = renderField({ hasRecentSearches: false });

      await user.type(input, 'wood{Enter}');

      expect(window.localStorage.getItem(RECENT_SEARCHES_STORAGE_KEY)).toBeNull();
    });
  });

  describe('async source', () => {
    it("shows 'Searching...' while pending, then the results, cancelling outdated requests", async () => {
      const user = userEvent.setup();
      const pending: { query: string; signal: AbortSignal; resolve: (items: SearchSuggestion[]) => void }[] = [];
      const source = vi.fn(
        (query: string, signal: AbortSignal) =>
          new Promise<SearchSuggestion[]>((resolve) => {
            pending.push({ query, signal, resolve });
          }),
      );
      const { input } = renderField({ suggestions: source });

      await user.type(input, 'al');

      expect(source.mock.calls.map(([query]) => query)).toEqual(['a', 'al']);
      expect(pending[0]?.signal.aborted).toBe(true);
      expect(pending[1]?.signal.aborted).toBe(false);
      expect(screen.getByRole('status')).toHaveTextContent(SEARCH_FIELD.searchingText);

      await act(async () => {
        pending[1]?.resolve(members);
        await Promise.resolve();
      });

      expect(screen.queryByText(SEARCH_FIELD.searchingText)).not.toBeInTheDocument();
      expect(visibleOptions()).toHaveLength(SEARCH_FIELD.maxSuggestions);
    });

    it("says 'No results found' when the source finds nothing", async () => {
      const user = userEvent.setup();
      const { input } = renderField({ suggestions: () => Promise.resolve([]) });

      await user.type(input, 'x');

      expect(await screen.findByText(SEARCH_FIELD.noResultsText)).toBeInTheDocument();
    });

    it('says something went wrong when the source fails', async () => {
      const user = userEvent.setup();
      const { input } = renderField({ suggestions: () => Promise.reject(new Error('offline')) });

      await user.type(input, 'x');

      expect(await screen.findByText(GENERIC_TEXTS.error)).toBeInTheDocument();
    });

    it('cancels a pending request when the field goes away', async () => {
      const user = userEvent.setup();
      let signal: AbortSignal | undefined;
      const view = render(
        <SearchField
          label="Search people"
          suggestions={(_query, abortSignal) => {
            signal = abortSignal;
            return new Promise<SearchSuggestion[]>(() => {});
          }}
        />,
      );

      await user.type(screen.getByRole('combobox', { name: 'Search people' }), 'a');
      view.unmount();

      expect(signal?.aborted).toBe(true);
    });
  });
});
