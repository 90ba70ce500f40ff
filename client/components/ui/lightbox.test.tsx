import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { LIGHTBOX } from '#shared/constants/ui.ts';

import { Lightbox, loadLightbox, type LightboxImage } from './lightbox.tsx';

// The viewer's code loads on first use; once it is here, Lightbox opens in the same render.
beforeAll(async () => {
  await loadLightbox();
});

const IMAGES: LightboxImage[] = [
  { src: '/samples/one.svg', alt: 'Image one' },
  { src: '/samples/two.svg', alt: 'Image two' },
  { src: '/samples/three.svg', alt: 'Image three' },
  { src: '/samples/four.svg', alt: 'Image four' },
  { src: '/samples/five.svg', alt: 'Image five' },
];

function renderLightbox(startIndex = 0) {
  const user = userEvent.setup();
  const onOpenChange = vi.fn();
  function Harness() {
    const [isOpen, setIsOpen] = useState(true);
    return (
      <Lightbox
        images={IMAGES}
        startIndex={startIndex}
        open={isOpen}
        onOpenChange={(next) => {
          onOpenChange(next);
          setIsOpen(next);
        }}
      />
    );
  }
  render(<Harness />);
  return { user, onOpenChange };
}

function shownImage(): HTMLImageElement {
  return screen.getByRole('dialog').querySelector('img') as HTMLImageElement;
}

function scaleOf(image: HTMLImageElement): number {
  const match = /scale\(([^)]+)\)/.exec(image.style.transform);
  return Number(match?.[1]);
}

function translateOf(image: HTMLImageElement): string {
  return /translate\(([^)]+)\)/.exec(image.style.transform)?.[1] ?? '';
}

describe('Lightbox', () => {
  it('opens on the start image with an n / total counter', () => {
    renderLightbox(1);
    expect(screen.getByRole('dialog', { name: 'Image viewer' })).toBeInTheDocument();
    expect(screen.getByText('2 / 5')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Image two' })).toBeInTheDocument();
  });

  it('changes image with the arrow keys, wrapping around at the ends', async () => {
    const { user } = renderLightbox(0);

    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('2 / 5')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Image two' })).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByText('5 / 5')).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('1 / 5')).toBeInTheDocument();
  });

  it('changes image with the Previous and Next buttons', async () => {
    const { user } = renderLightbox(2);
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByText('4 / 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByText('2 / 5')).toBeInTheDocument();
  });

  it('zooms with + and =, out with -, and resets with 0', async () => {
    const { user } = renderLightbox();
    expect(scaleOf(shownImage())).toBe(1);

    await user.keyboard('+');
    expect(scaleOf(shownImage())).toBe(LIGHTBOX.zoomStep);
    await user.keyboard('=');
    expect(scaleOf(shownImage())).toBeCloseTo(LIGHTBOX.zoomStep ** 2);
    await user.keyboard('-');
    expect(scaleOf(shownImage())).toBe(LIGHTBOX.zoomStep);
    await user.keyboard('0');
    expect(scaleOf(shownImage())).toBe(1);
  });

  it('zooms with the buttons within the bounds', async () => {
    const { user } = renderLightbox();
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    for (let step = 0; step < 12; step += 1) await user.click(zoomIn);
    expect(scaleOf(shownImage())).toBe(LIGHTBOX.maxZoom);
    expect(zoomIn).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('button', { name: 'Reset zoom' }));
    expect(scaleOf(shownImage())).toBe(1);

    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    for (let step = 0; step < 16; step += 1) await user.click(zoomOut);
    expect(scaleOf(shownImage())).toBe(LIGHTBOX.minZoom);
  });

  it('resets the zoom when the image changes', async () => {
    const { user } = renderLightbox();
    await user.keyboard('++');
    expect(scaleOf(shownImage())).toBeGreaterThan(1);

    await user.keyboard('{ArrowRight}');

    expect(screen.getByRole('img', { name: 'Image two' })).toBe(shownImage());
    expect(scaleOf(shownImage())).toBe(1);
  });

  it('closes with Escape', async () => {
    const first = renderLightbox();
    await first.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(first.onOpenChange).toHaveBeenCalledWith(false);
  });

  it('closes with the Close button', async () => {
    const { user, onOpenChange } = renderLightbox();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('pans on drag only when zoomed in', () => {
    renderLightbox();
    const stage = screen.getByRole('dialog').querySelector('[data-slot="lightbox-stage"]') as HTMLElement;
    const drag = () => {
      fireEvent.pointerDown(stage, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 100, clientY: 100 });
      fireEvent.pointerMove(stage, { pointerId: 1, pointerType: 'mouse', clientX: 140, clientY: 120 });
      fireEvent.pointerUp(stage, { pointerId: 1, pointerType: 'mouse', clientX: 140, clientY: 120 });
    };

    drag();
    expect(translateOf(shownImage())).toBe('0px, 0px');

    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    drag();
    expect(translateOf(shownImage())).toBe('40px, 20px');
  });

  it('changes image on a horizontal touch swipe at zoom 1', () => {
    renderLightbox();
    const stage = screen.getByRole('dialog').querySelector('[data-slot="lightbox-stage"]') as HTMLElement;
    fireEvent.pointerDown(stage, { pointerId: 7, pointerType: 'touch', clientX: 300, clientY: 200 });
    fireEvent.pointerMove(stage, { pointerId: 7, pointerType: 'touch', clientX: 200, clientY: 205 });
    fireEvent.pointerUp(stage, { pointerId: 7, pointerType: 'touch', clientX: 200, clientY: 205 });
    expect(screen.getByText('2 / 5')).toBeInTheDocument();

    fireEvent.pointerDown(stage, { pointerId: 8, pointerType: 'touch', clientX: 100, clientY: 200 });
    fireEvent.pointerUp(stage, { pointerId: 8, pointerType: 'touch', clientX: 260, clientY: 210 });
    expect(screen.getByText('1 / 5')).toBeInTheDocument();
  });

  it('zooms on a two-finger pinch, clamped', () => {
    renderLightbox();
    const stage = screen.getByRole('dialog').querySelector('[data-slot="lightbox-stage"]') as HTMLElement;
    fireEvent.pointerDown(stage, { pointerId: 1, pointerType: 'touch', clientX: 100, clientY: 100 });
    fireEvent.pointerDown(stage, { pointerId: 2, pointerType: 'touch', clientX: 200, clientY: 100 });
    fireEvent.pointerMove(stage, { pointerId: 2, pointerType: 'touch', clientX: 300, clientY: 100 });
    expect(scaleOf(shownImage())).toBe(2);

    fireEvent.pointerMove(stage, { pointerId: 2, pointerType: 'touch', clientX: 5000, clientY: 100 });
    expect(scaleOf(shownImage())).toBe(LIGHTBOX.maxZoom);

    fireEvent.pointerUp(stage, { pointerId: 2, pointerType: 'touch', clientX: 5000, clientY: 100 });
    fireEvent.pointerUp(stage, { pointerId: 1, pointerType: 'touch', clientX: 100, clientY: 100 });
    // A pinch never counts as a swipe.
    expect(screen.getByText('1 / 5')).toBeInTheDocument();
  });
});
