import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { SwitchField } from './switch.tsx';

function Controlled({ onChange }: { onChange: (value: boolean) => void }) {
  const [isOn, setOn] = useState(false);
  return (
    <SwitchField
      label="Weekly digest"
      description="Once a week."
      checked={isOn}
      onCheckedChange={(value) => {
        setOn(value);
        onChange(value);
      }}
    />
  );
}

describe('SwitchField', () => {
  it('is a switch named by its label and described by its description', () => {
    render(<Controlled onChange={() => {}} />);
    const toggle = screen.getByRole('switch', { name: 'Weekly digest' });
    expect(toggle).toHaveAccessibleDescription('Once a week.');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('flips by click on the switch or its label, and by Space', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Controlled onChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: 'Weekly digest' });

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByText('Weekly digest'));
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(onChange.mock.calls).toEqual([[true], [false], [true]]);
  });

  it('does nothing while disabled', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<SwitchField label="Locked" disabled onCheckedChange={onChange} />);

    await user.click(screen.getByRole('switch', { name: 'Locked' }));
    expect(screen.getByRole('switch', { name: 'Locked' })).toBeDisabled();
    expect(onChange).not.toHaveBeenCalled();
  });
});
