import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { COMBOBOX } from '#shared/constants/ui.ts';

import { Combobox, type ComboboxItem } from './combobox.tsx';
import { SelectWithSearch } from './select-with-search.tsx';

beforeEach(() => {
  // jsdom has neither; cmdk measures its list and scrolls the highlighted item into view, and
  // radix's popper watches the trigger's size.
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

const fruit: ComboboxItem[] = [
  { value: 'apple', label: 'Apple', description: 'Crisp, from the orchard' },
  { value: 'banana', label: 'Banana', description: 'Tropical and soft' },
  { value: 'cherry', label: 'Cherry', disabled: true },
  { value: 'date', label: 'Date' },
];

const grouped: ComboboxItem[] = [
  { label: 'Fruit', options: [{ value: 'apple', label: 'Apple' }] },
  { label: 'Vegetables', options: [{ value: 'kale', label: 'Kale', description: 'Leafy green' }] },
];

function optionNames() {
  return screen.getAllByRole('option').map((option) => option.textContent);
}

describe('Combobox', () => {
  it('is a closed button with role combobox showing the placeholder', () => {
    render(<Combobox options={fruit} aria-label="Fruit" />);

    const trigger = screen.getByRole('combobox', { name: 'Fruit' });
    expect(trigger.tagName).toBe('BUTTON');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveTextContent(COMBOBOX.placeholder);
  });

  it('opens on click with the search box focused and every option listed', async () => {
    const user = userEvent.setup();
    render(<Combobox options={fruit} aria-label="Fruit" />);

    await user.click(screen.getByRole('combobox', { name: 'Fruit' }));

    expect(screen.getByRole('combobox', { name: 'Fruit' })).toHaveAttribute('aria-expanded', 'true');
    const search = screen.getByPlaceholderText(COMBOBOX.searchPlaceholder);
    expect(search).toHaveFocus();
    expect(optionNames()).toHaveLength(4);
    expect(screen.getByRole('listbox')).toHaveStyle({ maxHeight: `${String(COMBOBOX.maxListHeightPx)}px` });
  });

  it("filters by label or description and shows 'No options found' when nothing matches", async () => {
    const user = userEvent.setup();
    render(<Combobox options={fruit} aria-label="Fruit" />);
    await user.click(screen.getByRole('combobox', { name: 'Fruit' }));
    const search = screen.getByPlaceholderText(COMBOBOX.searchPlaceholder);

    await user.type(search, 'AN');
    expect(optionNames()).toEqual(['BananaTropical and soft']);

    await user.clear(search);
    await user.type(search, 'orchard');
    expect(optionNames()).toEqual(['AppleCrisp, from the orchard']);

    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText(COMBOBOX.emptyText)).toBeVisible();
  });

  it('picks with the arrows and Enter, then closes and returns focus to the button', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Combobox options={fruit} aria-label="Fruit" onValueChange={onValueChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Fruit' });

    await user.click(trigger);
    // The first option starts highlighted; one step down is Banana.
    await user.keyboard('{ArrowDown}{Enter}');

    expect(onValueChange).toHaveBeenCalledWith('banana');
    expect(trigger).toHaveTextContent('Banana');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('skips disabled options with the keyboard and ignores clicks on them', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Combobox options={fruit} aria-label="Fruit" onValueChange={onValueChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Fruit' }));

    expect(screen.getByRole('option', { name: 'Cherry' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onValueChange).toHaveBeenLastCalledWith('date');
  });

  it('closes with Escape without changing the value', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<Combobox options={fruit} aria-label="Fruit" onValueChange={onValueChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Fruit' });

    await user.click(trigger);
    await user.keyboard('{Escape}');

    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(onValueChange).not.toHaveBeenCalled();
    expect(trigger).toHaveFocus();
  });

  it('opens from the keyboard with the down arrow', async () => {
    const user = userEvent.setup();
    render(<Combobox options={fruit} aria-label="Fruit" />);

    await user.tab();
    await user.keyboard('{ArrowDown}');

    expect(screen.getByRole('combobox', { name: 'Fruit' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByPlaceholderText(COMBOBOX.searchPlaceholder)).toHaveFocus();
  });

  it('shows group headings and drops a group with no match', async () => {
    const user = userEvent.setup();
    render(<Combobox options={grouped} aria-label="Food" />);
    await user.click(screen.getByRole('combobox', { name: 'Food' }));

    expect(screen.getByRole('group', { name: 'Fruit' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Vegetables' })).toBeInTheDocument();

    await user.type(screen.getByPlaceholderText(COMBOBOX.searchPlaceholder), 'leafy');
    expect(screen.queryByRole('group', { name: 'Fruit' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Vegetables' })).getByRole('option')).toHaveTextContent('Kale');
  });

  it('follows a controlled value', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [value, setValue] = useState('date');
      return (
        <>
          <Combobox options={fruit} aria-label="Fruit" value={value} onValueChange={setValue} />
          <output>{value}</output>
        </>
      );
    }
    render(<Controlled />);
    expect(screen.getByRole('combobox', { name: 'Fruit' })).toHaveTextContent('Date');

    await user.click(screen.getByRole('combobox', { name: 'Fruit' }));
    await user.click(screen.getByRole('option', { name: /Apple/ }));

    expect(screen.getByRole('status')).toHaveTextContent('apple');
    expect(screen.getByRole('combobox', { name: 'Fruit' })).toHaveTextContent('Apple');
  });
});

describe('SelectWithSearch', () => {
  it('is named by its label and submits the chosen value with the form', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: SubmitEvent) => {
      event.preventDefault();
      return new FormData(event.target as HTMLFormElement).get('fruit');
    });
    render(
      <form aria-label="Order" onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <SelectWithSearch label="Favourite fruit" name="fruit" options={fruit} hint="Pick one" defaultValue="apple" />
        <button type="submit">Send</button>
      </form>,
    );

    const trigger = screen.getByRole('combobox', { name: 'Favourite fruit' });
    expect(trigger).toHaveAccessibleDescription('Pick one');
    expect(trigger).toHaveTextContent('Apple');

    await user.click(trigger);
    await user.type(screen.getByPlaceholderText(COMBOBOX.searchPlaceholder), 'date');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(onSubmit).toHaveReturnedWith('date');
  });

  it('marks the control invalid and describes it with the error', () => {
    render(<SelectWithSearch label="Favourite fruit" options={fruit} error="Choose a fruit" />);

    const trigger = screen.getByRole('combobox', { name: 'Favourite fruit' });
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAccessibleDescription('Choose a fruit');
  });
});
