import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toast } from '#client/components/ui/toast.ts';
import { apiError, json } from '#client/test/account-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';

import { DigestPreviewButton } from './digest-preview-button.tsx';

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

/** The button alone, on a page of its own, with the app's providers. */
function renderButton(onSent = vi.fn()) {
  renderApp('/', { routes: [{ path: '/', element: <DigestPreviewButton onSent={onSent} /> }] });
  return { user: userEvent.setup(), onSent };
}

describe('Send me a digest preview', () => {
  it('is busy while it sends, then says where the preview went', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn<typeof fetch>(async (input) =>
      String(input) === '/api/admin/digest-preview'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : json({ user: null }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const success = vi.spyOn(toast, 'success');
    const { user, onSent } = renderButton();

    const button = screen.getByRole('button', { name: 'Send me a digest preview' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/digest-preview', expect.objectContaining({ method: 'POST' }));

    answer(json({ sentTo: 'chief@example.com' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Digest preview sent', {
        description: 'It goes to chief@example.com, marked [Preview]. It does not count as your weekly digest.',
      }),
    );
    expect(onSent).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('shows the server’s reason when it refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) =>
        String(input) === '/api/admin/digest-preview'
          ? apiError(429, 'rate_limited', 'Enough digest previews were sent for now. Please try again in 59 minutes.')
          : json({ user: null }),
      ),
    );
    const failure = vi.spyOn(toast, 'error');
    const { user, onSent } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Send me a digest preview' }));
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith('The digest preview was not sent', {
        description: 'Enough digest previews were sent for now. Please try again in 59 minutes.',
      }),
    );
    expect(onSent).not.toHaveBeenCalled();
  });
});
