import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { LoadMore } from './load-more.tsx';

describe('LoadMore', () => {
  it('says "Load more" unless told otherwise, and loads the next page when pressed', async () => {
    const onLoad = vi.fn();
    const { rerender } = render(<LoadMore hasMore isLoading={false} onLoad={onLoad} />);
    const button = screen.getByRole('button', { name: 'Load more' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');

    await userEvent.setup().click(button);
    expect(onLoad).toHaveBeenCalledOnce();

    rerender(<LoadMore hasMore isLoading={false} onLoad={onLoad} label="Load more comments" />);
    expect(screen.getByRole('button', { name: 'Load more comments' })).toBeInTheDocument();
  });

  it('is busy and disabled, keeping its name, while the next page is fetched', async () => {
    const onLoad = vi.fn();
    render(<LoadMore hasMore isLoading onLoad={onLoad} />);
    const button = screen.getByRole('button', { name: 'Load more' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');

    await userEvent.setup().click(button);
    expect(onLoad).not.toHaveBeenCalled();
  });

  it('shows nothing when there is no next page', () => {
    const { container } = render(<LoadMore hasMore={false} isLoading={false} onLoad={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows why the next page failed, with its title, under a button that tries again', async () => {
    const onLoad = vi.fn();
    render(
      <LoadMore
        hasMore
        isLoading={false}
        onLoad={onLoad}
        error={{ message: 'The server is busy.' }}
        errorTitle="More results could not be loaded"
      />,
    );
    // the alert's code loads with the first error
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('More results could not be loaded');
    expect(alert).toHaveTextContent('The server is busy.');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoad).toHaveBeenCalledOnce();
  });

  it('shows no error without one', () => {
    render(<LoadMore hasMore isLoading={false} onLoad={() => undefined} error={null} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
