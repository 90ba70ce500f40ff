import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { CONFIRM_DIALOG_TEXTS } from '#shared/constants/ui.ts';

import { Button } from './button.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** A promise the test settles by hand, to look at the dialog while the action runs. */
function deferred() {
  let resolve: () => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

function renderWithTrigger(onConfirm: () => Promise<void> | void) {
  const user = userEvent.setup();
  render(<ConfirmDialog onConfirm={onConfirm} trigger={<Button>Delete item</Button>} />);
  return user;
}

describe('ConfirmDialog', () => {
  it('shows only its trigger, announced as opening a dialog, until it is opened', async () => {
    const user = renderWithTrigger(() => {});
    const trigger = screen.getByRole('button', { name: 'Delete item' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.keyboard('{Tab}');
    expect(trigger).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('alertdialog', { name: CONFIRM_DIALOG_TEXTS.title })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Focus goes back to the trigger, as with any Radix dialog.
    expect(screen.getByRole('button', { name: 'Delete item' })).toHaveFocus();
  });

  it("opens from its trigger with the spec's default texts", async () => {
    const user = renderWithTrigger(() => {});

    await user.click(screen.getByRole('button', { name: 'Delete item' }));

    // The dialog's code loads when it first opens.
    const dialog = await screen.findByRole('alertdialog', { name: CONFIRM_DIALOG_TEXTS.title });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('button', { name: CONFIRM_DIALOG_TEXTS.confirm })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: CONFIRM_DIALOG_TEXTS.cancel })).toBeInTheDocument();
  });

  it('is busy while the action runs, then closes when it succeeds', async () => {
    const action = deferred();
    const onConfirm = vi.fn(() => action.promise);
    const user = renderWithTrigger(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Delete item' }));

    await user.click(await screen.findByRole('button', { name: CONFIRM_DIALOG_TEXTS.confirm }));

    const confirm = screen.getByRole('button', { name: CONFIRM_DIALOG_TEXTS.confirm });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(confirm.querySelector('[data-slot="spinner"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: CONFIRM_DIALOG_TEXTS.cancel })).toBeDisabled();

    // Escape must not close it mid-action either.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();

    action.resolve();

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('stays open and only logs when the action fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const action = deferred();
    const user = renderWithTrigger(() => action.promise);
    await user.click(screen.getByRole('button', { name: 'Delete item' }));
    await user.click(screen.getByRole('button', { name: CONFIRM_DIALOG_TEXTS.confirm }));

    const failure = new Error('network down');
    action.reject(failure);

    const confirm = screen.getByRole('button', { name: CONFIRM_DIALOG_TEXTS.confirm });
    await waitFor(() => expect(confirm).toBeEnabled());
    expect(screen.getByRole('alertdialog', { name: CONFIRM_DIALOG_TEXTS.title })).toBeInTheDocument();
    expect(confirm).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('button', { name: CONFIRM_DIALOG_TEXTS.cancel })).toBeEnabled();
    expect(warn).toHaveBeenCalledWith(expect.any(String), failure);
    // Focus comes back to the confirm button, so a keyboard user can retry or move to Cancel.
    expect(confirm).toHaveFocus();
  });

  it('also stays open when the action throws synchronously', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = renderWithTrigger(() => {
      throw new Error('boom');
    });
    await user.click(screen.getByRole('button', { name: 'Delete item' }));
    await user.click(screen.getByRole('button', { name: CONFIRM_DIALOG_TEXTS.confirm }));

    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: CONFIRM_DIALOG_TEXTS.confirm })).toBeEnabled();
  });

  it('closes on Cancel without running the action', async () => {
    const onConfirm = vi.fn();
    const user = renderWithTrigger(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Delete item' }));

    await user.click(screen.getByRole('button', { name: CONFIRM_DIALOG_TEXTS.cancel }));

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('works controlled, with its own texts and variant', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    function Controlled() {
      const [isOpen, setIsOpen] = useState(true);
      return (
        <ConfirmDialog
          variant="info"
          title="Publish this item?"
          description="Every member will see it."
          confirmText="Publish"
          open={isOpen}
          onOpenChange={(next) => {
            onOpenChange(next);
            setIsOpen(next);
          }}
          onConfirm={() => Promise.resolve()}
        />
      );
    }
    render(<Controlled />);

    const dialog = screen.getByRole('alertdialog', { name: 'Publish this item?' });
    expect(dialog).toHaveAccessibleDescription('Every member will see it.');
    expect(dialog).toHaveAttribute('data-variant', 'info');

    await user.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('uses a destructive confirm button for the destructive variant only', async () => {
    const user = userEvent.setup();
    render(
      <>
        <ConfirmDialog variant="destructive" onConfirm={() => {}} trigger={<Button>Open destructive</Button>} />
        <ConfirmDialog
          variant="warning"
          confirmText="Archive"
          onConfirm={() => {}}
          trigger={<Button>Open warning</Button>}
        />
      </>,
    );

    await user.click(screen.getByRole('button', { name: 'Open destructive' }));
    expect(screen.getByRole('button', { name: CONFIRM_DIALOG_TEXTS.confirm })).toHaveClass('bg-destructive');
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Open warning' }));
    expect(screen.getByRole('button', { name: 'Archive' })).not.toHaveClass('bg-destructive');
  });
});
