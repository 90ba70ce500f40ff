import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Avatar, AvatarGroup } from './avatar.tsx';

describe('Avatar', () => {
  it('shows initials named after the person when there is no picture', () => {
    render(<Avatar name="Ada Lovelace King" userId={3} />);

    expect(screen.getByRole('img', { name: 'Ada Lovelace King' })).toHaveTextContent('AL');
  });

  it("shows '?' and stays silent without a name", () => {
    const { container } = render(<Avatar />);

    expect(container).toHaveTextContent('?');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('keeps initials until the picture has loaded (and for good when it fails)', () => {
    // jsdom never loads images, which is what a broken link looks like to the avatar.
    render(<Avatar src="/missing.png" name="Grace Hopper" />);

    expect(screen.getByRole('img', { name: 'Grace Hopper' })).toHaveTextContent('GH');
  });

  it('labels the status dot', () => {
    render(<Avatar name="Ada" status="busy" />);

    expect(screen.getByRole('img', { name: 'Busy' })).toBeInTheDocument();
  });

  it('can be decorative next to a visible name', () => {
    render(<Avatar name="Ada" alt="" />);

    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('AvatarGroup', () => {
  const names = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Margaret'];

  it("shows 3 avatars, then '+N' read as 'N more'", () => {
    render(
      <AvatarGroup aria-label="Members">
        {names.map((name) => (
          <Avatar key={name} name={name} />
        ))}
      </AvatarGroup>,
    );

    const group = screen.getByRole('group', { name: 'Members' });
    expect(screen.getAllByRole('img')).toHaveLength(3);
    expect(group).toHaveTextContent('+4');
    expect(screen.getByText('4 more')).toHaveClass('sr-only');
  });

  it('honours max and shows no bubble when everyone fits', () => {
    const { rerender } = render(
      <AvatarGroup max={5}>
        {names.map((name) => (
          <Avatar key={name} name={name} />
        ))}
      </AvatarGroup>,
    );
    expect(screen.getAllByRole('img')).toHaveLength(5);
    expect(screen.getByText('2 more')).toBeInTheDocument();

    rerender(
      <AvatarGroup>
        {names.slice(0, 2).map((name) => (
          <Avatar key={name} name={name} />
        ))}
      </AvatarGroup>,
    );
    expect(screen.getAllByRole('img')).toHaveLength(2);
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
  });
});
