import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { TEXT_AREA_MIN_ROWS } from '#shared/constants/ui.ts';

import { TextArea } from './text-area.tsx';
import { TextInput } from './text-input.tsx';

function counterOf(field: HTMLElement) {
  const counterId = field
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((id) => id.endsWith('-counter'));
  const counter = counterId ? document.getElementById(counterId) : null;
  if (!counter) throw new Error('no counter');
  return counter;
}

describe('TextInput', () => {
  it('is named by its label and described by its hint', () => {
    render(<TextInput label="Display name" hint="Shown on your profile" />);

    expect(screen.getByRole('textbox', { name: 'Display name' })).toHaveAccessibleDescription('Shown on your profile');
  });

  it('has no counter without maxLength', () => {
    render(<TextInput label="Display name" />);

    expect(screen.queryByText(/ \/ /)).not.toBeInTheDocument();
  });

  it('counts characters live and turns invalid once over the limit', async () => {
    const user = userEvent.setup();
    render(<TextInput label="Headline" maxLength={5} />);
    const input = screen.getByRole('textbox', { name: 'Headline' });
    const counter = counterOf(input);

    expect(counter).toHaveTextContent('0 / 5');
    expect(input).not.toHaveAttribute('aria-invalid');
    // The limit is ours to enforce: the browser's would stop typing at 5.
    expect(input).not.toHaveAttribute('maxlength');

    await user.type(input, 'Hello');
    expect(counter).toHaveTextContent('5 / 5');
    expect(counter).not.toHaveClass('text-error');
    expect(input).not.toHaveAttribute('aria-invalid');

    await user.type(input, '!');
    expect(input).toHaveValue('Hello!');
    expect(counter).toHaveTextContent('6 / 5');
    expect(counter).toHaveClass('text-error');
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.type(input, '{Backspace}');
    expect(counter).toHaveTextContent('5 / 5');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('speaks the count only near or over the limit', async () => {
    const user = userEvent.setup();
    render(<TextInput label="Headline" maxLength={10} />);
    const input = screen.getByRole('textbox', { name: 'Headline' });
    const liveRegion = document.querySelector('[aria-live="polite"]');

    await user.type(input, 'abc');
    expect(liveRegion).toHaveTextContent('');

    await user.type(input, 'defghi');
    expect(liveRegion).toHaveTextContent('1 character left');

    await user.type(input, 'jkl');
    expect(liveRegion).toHaveTextContent('2 characters over the limit');
  });

  it('counts a controlled value and an initial value', () => {
    function Controlled() {
      const [value, setValue] = useState('abc');
      return <TextInput label="Controlled" maxLength={10} value={value} onChange={(e) => setValue(e.target.value)} />;
    }
    render(
      <>
        <Controlled />
        <TextInput label="Uncontrolled" maxLength={10} defaultValue="abcdef" />
      </>,
    );

    expect(counterOf(screen.getByRole('textbox', { name: 'Controlled' }))).toHaveTextContent('3 / 10');
    expect(counterOf(screen.getByRole('textbox', { name: 'Uncontrolled' }))).toHaveTextContent('6 / 10');
  });

  it('shows an error message and marks the field invalid', () => {
    render(<TextInput label="E-mail" error="Valid email is required" />);

    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Valid email is required');
  });
});

describe('TextArea', () => {
  it('is at least 3 rows high', () => {
    render(
      <>
        <TextArea label="Default" />
        <TextArea label="Too few" rows={1} />
        <TextArea label="More" rows={6} />
      </>,
    );

    expect(screen.getByRole('textbox', { name: 'Default' })).toHaveAttribute('rows', String(TEXT_AREA_MIN_ROWS));
    expect(screen.getByRole('textbox', { name: 'Too few' })).toHaveAttribute('rows', String(TEXT_AREA_MIN_ROWS));
    expect(screen.getByRole('textbox', { name: 'More' })).toHaveAttribute('rows', '6');
  });

  it('counts characters live and turns invalid once over the limit', async () => {
    const user = userEvent.setup();
    render(<TextArea label="Question" maxLength={8} />);
    const area = screen.getByRole('textbox', { name: 'Question' });
    const counter = counterOf(area);

    await user.type(area, 'Why?');
    expect(counter).toHaveTextContent('4 / 8');

    await user.type(area, '{Enter}Because');
    expect(counter).toHaveTextContent('12 / 8');
    expect(counter).toHaveClass('text-error');
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(area).not.toHaveAttribute('maxlength');
  });
});
