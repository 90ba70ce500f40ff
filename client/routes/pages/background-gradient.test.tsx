import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { stubApi } from '#client/features/profiles/test/profile-fixtures.ts';
import { renderApp } from '#client/test/render-app.tsx';

import { BRAND_GRADIENTS } from './background-gradient.tsx';

describe('/background-gradient', () => {
  it('shows the seven gradients with their CSS values', async () => {
    stubApi({ session: null });
    renderApp('/background-gradient');
    expect(await screen.findByRole('heading', { level: 1, name: 'Background gradient' })).toBeInTheDocument();
    // the title is set by an effect, which may run just after the heading is on screen
    await waitFor(() => expect(document.title).toBe('Background gradient · Townhall'));
    expect(screen.getAllByTestId('gradient-swatch')).toHaveLength(7);
    expect(
      screen.getByText(
        'linear-gradient(to bottom right in oklab, oklch(58.6% 0.253 17.585), oklch(44.4% 0.177 26.899))',
      ),
    ).toBeInTheDocument();
  });

  it('lists the same gradients, in the same order, as the avatars use', () => {
    BRAND_GRADIENTS.forEach((swatch, index) => {
      const { unmount } = render(<Avatar userId={index} name="Ada Lovelace" />);
      const fallback = screen.getByRole('img', { name: 'Ada Lovelace' });
      for (const name of swatch.classes.split(' ')) expect(fallback).toHaveClass(name);
      unmount();
    });
  });
});
