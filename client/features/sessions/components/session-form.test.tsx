import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { SESSION_MESSAGES } from '#shared/constants/session-messages.ts';

import { toLocalInputValue } from '../utils/session-format.ts';
import { SessionForm } from './session-form.tsx';

const inDays = (days: number) => toLocalInputValue(new Date(Date.now() + days * 86_400_000).toISOString());

describe('the schedule form', () => {
  it('names every invalid field and sends nothing', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<SessionForm submitLabel="Schedule" onSubmit={onSubmit} />);
    const u = userEvent.setup();

    await u.type(screen.getByRole('textbox', { name: 'Title' }), 'ab');
    await u.clear(screen.getByRole('spinbutton', { name: 'Duration (minutes)' }));
    await u.type(screen.getByRole('spinbutton', { name: 'Duration (minutes)' }), '3');
    await u.click(screen.getByRole('button', { name: 'Schedule' }));

    expect(screen.getByText(SESSION_MESSAGES.titleTooShort)).toBeInTheDocument();
    expect(screen.getByText(SESSION_MESSAGES.startsAtInvalid)).toBeInTheDocument();
    expect(screen.getByText(SESSION_MESSAGES.durationRange)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a start in the past', async () => {
    const onSubmit = vi.fn(async () => {});
    const { container } = render(<SessionForm submitLabel="Schedule" onSubmit={onSubmit} />);
    const u = userEvent.setup();
    await u.type(screen.getByRole('textbox', { name: 'Title' }), 'Yesterday once more');
    const startsAt = container.querySelector('input[type="datetime-local"]');
    if (!(startsAt instanceof HTMLInputElement)) throw new Error('no datetime-local input');
    await u.type(startsAt, inDays(-1));
    await u.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(screen.getByText(SESSION_MESSAGES.startsAtPast)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the trimmed title, the start as UTC ISO and the duration as a number', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<SessionForm submitLabel="Schedule" onSubmit={onSubmit} />);
    const u = userEvent.setup();
    const local = inDays(2);
    await u.type(screen.getByRole('textbox', { name: 'Title' }), '  Rust AMA  ');
    await u.type(screen.getByRole('textbox', { name: 'Description' }), 'Bring questions');
    await u.type(screen.getByLabelText('Starts at'), local);
    await u.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Rust AMA',
      description: 'Bring questions',
      startsAt: new Date(local).toISOString(),
      durationMinutes: 60,
    });
  });
});
