import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { Alert } from './alert.tsx';

describe('Alert', () => {
  it('interrupts for errors and warnings and is polite otherwise', () => {
    render(
      <>
        <Alert variant="error" title="Error title" />
        <Alert variant="warning" title="Warning title" />
        <Alert variant="success" title="Success title" />
        <Alert variant="info" title="Info title" />
        <Alert title="Default title" />
      </>,
    );

    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Error title', 'Warning title']);
    expect(screen.getAllByRole('status').map((alert) => alert.textContent)).toEqual([
      'Success title',
      'Info title',
      'Default title',
    ]);
  });

  it('shows its title, description and an icon', () => {
    render(<Alert variant="success" title="Saved" description="Your changes are live." />);
    const alert = screen.getByRole('status');
    expect(alert).toHaveTextContent('Saved');
    expect(alert).toHaveTextContent('Your changes are live.');
    expect(alert.querySelector('svg')).not.toBeNull();
  });

  it('has no Dismiss control unless asked', () => {
    render(<Alert title="Heads up" />);
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it('disappears when dismissed (uncontrolled)', async () => {
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    render(<Alert variant="info" title="Live tonight" isDismissible onDismiss={onDismiss} />);

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));

    expect(screen.queryByText('Live tonight')).toBeNull();
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('leaves visibility to its owner when controlled', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [isOpen, setIsOpen] = useState(true);
      return (
        <>
          <Alert variant="warning" title="Ends soon" isDismissible isOpen={isOpen} onDismiss={() => setIsOpen(false)} />
          <button type="button" onClick={() => setIsOpen(true)}>
            Show again
          </button>
        </>
      );
    }
    render(<Controlled />);

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show again' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Ends soon');
  });

  it('stays when controlled and its owner keeps it open', async () => {
    const user = userEvent.setup();
    render(<Alert title="Sticky" isDismissible isOpen onDismiss={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('status')).toHaveTextContent('Sticky');
  });
});
