import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { GroupCalendarLink } from './group-calendar-link.tsx';

describe('GroupCalendarLink', () => {
  it("links to the group's feed as a webcal:// subscription and as its https address", () => {
    render(<GroupCalendarLink slug="bread-club" origin="https://townhall.example" />);
    expect(screen.getByRole('link', { name: 'Subscribe to calendar' })).toHaveAttribute(
      'href',
      'webcal://townhall.example/group/bread-club/calendar.ics',
    );
    expect(screen.getByRole('link', { name: 'Feed address (.ics)' })).toHaveAttribute(
      'href',
      'https://townhall.example/group/bread-club/calendar.ics',
    );
  });

  it("takes the page's own address by default", () => {
    render(<GroupCalendarLink slug="bread-club" />);
    expect(screen.getByRole('link', { name: 'Feed address (.ics)' })).toHaveAttribute(
      'href',
      `${window.location.origin}/group/bread-club/calendar.ics`,
    );
  });
});
