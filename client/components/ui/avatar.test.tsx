import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Avatar, AvatarGroup } from './avatar.tsx';

describe('Avatar', () => {
  it('shows initials named after the person when there is no picture', () => {
    render(<Avatar name="Ada Lovelace King" userId={3} />);

    expect(screen.getByRole('img', { name: 'Ada Lovelace King' })).toHaveTextContent('AL');
  });

  it("shows '?' and stays silent without a name", () => {
    const { container } = render(<Avatar />);

    expect(container.querySelector('[data-initials]')).toHaveAttribute('data-initials', '?');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('draws the initials of a decorative avatar (alt="") without adding them to the text around it', () => {
    const { container } = render(
      <a href="/group/climate">
        <Avatar name="Climate, Plainly" alt="" />
        Climate, Plainly
      </a>,
    );

    expect(container.querySelector('[data-initials]')).toHaveAttribute('data-initials', 'CP');
    expect(screen.getByRole('link')).toHaveTextContent(/^Climate, Plainly$/);
  });

  it('keeps initials until the picture has loaded (and for good when it fails)', () => {
    // jsdom never loads images, which is what a broken link looks like to the avatar.
    render(<Avatar src="/missing.png" name="Grace Hopper" />);

    expect(screen.getByRole('img', { name: 'Grace Hopper' })).toHaveTextContent('GH');
  });

  describe('with a loaded picture', () => {
    // jsdom loads no images: this one reports every picture as loaded, as a browser would.
    class LoadedImage {
      complete = true;
      naturalWidth = 96;
      src = '';
      crossOrigin: string | null = null;
      addEventListener() {}
      removeEventListener() {}
    }
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('offers the renditions of an uploaded picture as srcset, sized for the avatar', () => {
      vi.stubGlobal('Image', LoadedImage);
      const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
      render(<Avatar src={`/media/images/${id}/s64.webp`} name="Ada" size="lg" />);

      const image = screen.getByRole('img', { name: 'Ada' });
      expect(image.tagName).toBe('IMG');
      expect(image).toHaveAttribute('src', `/media/images/${id}/s64.webp`);
      expect(image).toHaveAttribute('sizes', '48px');
      expect(image.getAttribute('srcset')?.split(', ')).toEqual([
        `/media/images/${id}/s16.webp 16w`,
        `/media/images/${id}/s32.webp 32w`,
        `/media/images/${id}/s48.webp 48w`,
        `/media/images/${id}/s64.webp 64w`,
      ]);
    });

    it('shows any other picture as it is, without srcset', () => {
      vi.stubGlobal('Image', LoadedImage);
      render(<Avatar src="https://example.com/ada.png" name="Ada" />);

      const image = screen.getByRole('img', { name: 'Ada' });
      expect(image).toHaveAttribute('src', 'https://example.com/ada.png');
      expect(image).not.toHaveAttribute('srcset');
      expect(image).not.toHaveAttribute('sizes');
    });
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
