import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { PROMISE_TOAST_TEXTS, TOASTS } from '#shared/constants/ui.ts';

import { toast } from './toast.ts';
import { Toaster } from './toaster.tsx';

// Sonner adds a toast from a setTimeout, removes one from timers, and reads Date for swipe speed;
// fake timers let each test step through exactly the milliseconds the spec names.
beforeEach(() => {
  vi.useFakeTimers();
  // jsdom has no pointer capture, which sonner calls when a swipe starts.
  Element.prototype.setPointerCapture ??= () => {};
});

afterEach(() => {
  act(() => {
    toast.dismiss();
    vi.runOnlyPendingTimers();
  });
});

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** Shows a toast and lets sonner render it. */
function show(fire: () => unknown) {
  act(() => {
    fire();
  });
  advance(0);
}

function toaster(): HTMLElement {
  const list = document.querySelector<HTMLElement>('[data-sonner-toaster]');
  if (!list) throw new Error('no toaster list rendered');
  return list;
}

function toasts(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')];
}

describe('Toaster', () => {
  it("places toasts with the spec's first set: bottom right, 356 px wide, 14 px apart, Alt+T", () => {
    render(<Toaster />);
    show(() => toast('Hello'));

    const list = toaster();
    expect(list).toHaveAttribute('data-y-position', 'bottom');
    expect(list).toHaveAttribute('data-x-position', 'right');
    expect(list.style.getPropertyValue('--width')).toBe(`${String(TOASTS.widthPx)}px`);
    expect(list.style.getPropertyValue('--gap')).toBe(`${String(TOASTS.gapPx)}px`);
    expect(screen.getByRole('region', { name: 'Notifications alt+T' })).toBeInTheDocument();
  });

  it('shows at most 3 toasts at once', () => {
    render(<Toaster />);
    show(() => {
      for (let n = 1; n <= 5; n += 1) toast(`Toast ${String(n)}`);
    });

    expect(toasts()).toHaveLength(5);
    expect(toasts().filter((item) => item.dataset.visible === 'true')).toHaveLength(TOASTS.visibleToasts);
  });

  it('removes a toast after 4000 ms plus the 200 ms close animation', () => {
    render(<Toaster />);
    show(() => toast.success('Saved'));

    advance(TOASTS.durationMs - 1);
    expect(screen.getByText('Saved')).toBeInTheDocument();

    advance(1);
    expect(toasts()[0]).toHaveAttribute('data-removed', 'true');
    advance(TOASTS.closeAnimationMs - 1);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('keeps a persistent toast, and a toast given duration 0, until it is closed', () => {
    render(<Toaster />);
    show(() => {
      toast.persistent('Stays');
      toast.info('Also stays', { duration: TOASTS.persistentDuration });
    });

    advance(TOASTS.durationMs * 10);
    expect(screen.getByText('Stays')).toBeInTheDocument();
    expect(screen.getByText('Also stays')).toBeInTheDocument();

    const item = screen.getByText('Stays').closest<HTMLElement>('[data-sonner-toast]');
    if (!item) throw new Error('toast not found');
    fireEvent.click(within(item).getByRole('button', { name: 'Close notification' }));
    advance(TOASTS.closeAnimationMs);
    expect(screen.queryByText('Stays')).toBeNull();
  });

  it('gives each kind its type, and the destructive toast its own colours', () => {
    render(<Toaster />);
    show(() => {
      toast.success('A success');
      toast.error('An error');
      toast.info('Some info');
      toast.warning('A warning');
      toast.message('A message');
      toast.destructive('Post deleted');
    });

    const typeOf = (text: string) => screen.getByText(text).closest('[data-sonner-toast]')?.getAttribute('data-type');
    expect(typeOf('A success')).toBe('success');
    expect(typeOf('An error')).toBe('error');
    expect(typeOf('Some info')).toBe('info');
    expect(typeOf('A warning')).toBe('warning');
    // A plain message has no type: sonner styles it as its default toast.
    expect(typeOf('A message')).toBeNull();

    const destructive = screen.getByText('Post deleted').closest<HTMLElement>('[data-sonner-toast]');
    expect(destructive).toHaveClass('toast-destructive');
    expect(destructive?.style.getPropertyValue('--error-bg')).toBe('var(--th-destructive)');
  });

  it("shows the spec's promise texts while pending and after it settles", async () => {
    render(<Toaster />);
    let succeed: () => void = () => {};
    let fail: (error: Error) => void = () => {};
    show(() => {
      void toast.promise(new Promise<void>((resolve) => (succeed = resolve)));
    });
    expect(screen.getByText(PROMISE_TOAST_TEXTS.loading)).toBeInTheDocument();

    await act(async () => {
      succeed();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText(PROMISE_TOAST_TEXTS.success)).toBeInTheDocument();

    show(() => {
      void toast.promise(new Promise<void>((_, reject) => (fail = reject)));
    });
    await act(async () => {
      fail(new Error('nope'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText(PROMISE_TOAST_TEXTS.error)).toBeInTheDocument();
  });

  it('follows the dark class on <html>', async () => {
    render(<Toaster />);
    show(() => toast('Themed'));
    expect(toaster()).toHaveAttribute('data-sonner-theme', 'light');

    await act(async () => {
      document.documentElement.classList.add('dark');
      // MutationObserver callbacks run as microtasks.
      await Promise.resolve();
    });
    expect(toaster()).toHaveAttribute('data-sonner-theme', 'dark');

    await act(async () => {
      document.documentElement.classList.remove('dark');
      await Promise.resolve();
    });
    expect(toaster()).toHaveAttribute('data-sonner-theme', 'light');
  });
});

describe("sonner's built-in swipe rule (45 px, or faster than 0.11 px/ms)", () => {
  function swipe(distancePx: number, durationMs: number) {
    const item = toasts()[0];
    if (!item) throw new Error('no toast');
    fireEvent.pointerDown(item, { pointerId: 1, button: 0, clientX: 500, clientY: 500 });
    fireEvent.pointerMove(item, { pointerId: 1, clientX: 502, clientY: 500 });
    fireEvent.pointerMove(item, { pointerId: 1, clientX: 500 + distancePx, clientY: 500 });
    advance(durationMs);
    fireEvent.pointerUp(item, { pointerId: 1, clientX: 500 + distancePx, clientY: 500 });
    return item;
  }

  it('dismisses a slow swipe of 45 px but not one of 44 px', () => {
    render(<Toaster />);
    show(() => toast.persistent('Swipe me'));

    expect(swipe(TOASTS.swipeThresholdPx - 1, 1000)).toHaveAttribute('data-swipe-out', 'false');
    expect(swipe(TOASTS.swipeThresholdPx, 1000)).toHaveAttribute('data-swipe-out', 'true');
  });

  it('dismisses a short swipe faster than 0.11 px/ms but not a slower one', () => {
    render(<Toaster />);
    show(() => toast.persistent('Flick me'));

    // 20 px in 200 ms is 0.1 px/ms; 20 px in 100 ms is 0.2 px/ms.
    expect(TOASTS.swipeVelocityThreshold).toBeGreaterThan(20 / 200);
    expect(TOASTS.swipeVelocityThreshold).toBeLessThan(20 / 100);
    expect(swipe(20, 200)).toHaveAttribute('data-swipe-out', 'false');
    expect(swipe(20, 100)).toHaveAttribute('data-swipe-out', 'true');
  });
});
