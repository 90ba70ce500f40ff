import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { SidebarNav, type SidebarSection } from './sidebar.tsx';

function renderSection(items: SidebarSection['items']) {
  render(
    <MemoryRouter>
      <SidebarNav sections={[{ id: 'subscriptions', title: 'Subscriptions', items }]} />
    </MemoryRouter>,
  );
}

const climate = {
  label: 'Climate, Plainly',
  href: '/group/climate',
  image: { src: null, name: 'Climate, Plainly', id: 'g1' },
};

describe('SidebarNav', () => {
  it('names a link with new activity by what it shows, then the count and the dot', () => {
    renderSection([{ ...climate, hasDot: true, dotLabel: '(new activity)', badge: '3' }]);

    const link = screen.getByRole('link', { name: 'Climate, Plainly 3 new (new activity)' });
    // What a person sees is where the name begins (WCAG 2.5.3): the label, a space, the count.
    expect(link).toHaveTextContent(/^Climate, Plainly 3$/);
  });

  it('names a link with only the dot by its label and the dot', () => {
    renderSection([{ ...climate, hasDot: true, dotLabel: '(new activity)' }]);

    expect(screen.getByRole('link', { name: 'Climate, Plainly (new activity)' })).toHaveTextContent(
      /^Climate, Plainly$/,
    );
  });

  it('leaves a plain link named by its text', () => {
    renderSection([climate]);

    expect(screen.getByRole('link', { name: 'Climate, Plainly' })).not.toHaveAttribute('aria-label');
  });
});
