import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { HOVER_CARD_DELAYS, TOOLTIP_DELAYS } from '#shared/constants/ui.ts';

import { HoverCard, HoverCardContent, HoverCardTrigger } from './hover-card.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip.tsx';

// These tests measure delays, so they drive the clock with fake timers and fire pointer events
// directly: user-event waits on real timers between actions and would stall under fake ones.
beforeEach(() => {
  // radix's popper watches the trigger's size; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.useFakeTimers();
});

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function renderTooltip() {
  render(
    <Tooltip>
      <TooltipTrigger>Like</TooltipTrigger>
      <TooltipContent>Like this post</TooltipContent>
    </Tooltip>,
  );
  return screen.getByRole('button', { name: 'Like' });
}

describe('Tooltip', () => {
  it('opens 300 ms after the pointer rests on the trigger and lingers 100 ms after it leaves', () => {
    const trigger = renderTooltip();

    fireEvent.pointerMove(trigger, { pointerType: 'mouse' });
    advance(TOOLTIP_DELAYS.openMs - 1);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    advance(1);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Like this post');
    expect(trigger).toHaveAccessibleDescription('Like this post');

    fireEvent.pointerLeave(trigger, { pointerType: 'mouse' });
    // Moving away from both the trigger and the bubble is radix's request to close.
    fireEvent.pointerMove(document, { clientX: 500, clientY: 500 });
    advance(TOOLTIP_DELAYS.closeMs - 1);
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('stays open when the pointer comes back within the close delay', () => {
    const trigger = renderTooltip();

    fireEvent.pointerMove(trigger, { pointerType: 'mouse' });
    advance(TOOLTIP_DELAYS.openMs);
    fireEvent.pointerLeave(trigger, { pointerType: 'mouse' });
    fireEvent.pointerMove(document, { clientX: 500, clientY: 500 });
    advance(TOOLTIP_DELAYS.closeMs / 2);
    fireEvent.pointerMove(trigger, { pointerType: 'mouse' });
    advance(TOOLTIP_DELAYS.closeMs * 5);

    expect(screen.getByRole('tooltip')).toBeInTheDocument();
  });

  it('opens at once on keyboard focus and closes at once with Escape', () => {
    const trigger = renderTooltip();

    act(() => {
      trigger.focus();
    });
    expect(screen.getByRole('tooltip')).toBeInTheDocument();

    fireEvent.keyDown(document.activeElement ?? document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});

describe('HoverCard', () => {
  it('opens after 700 ms and closes 300 ms after the pointer leaves', () => {
    render(
      <HoverCard>
        <HoverCardTrigger href="/ada">Ada</HoverCardTrigger>
        <HoverCardContent>Ada's profile</HoverCardContent>
      </HoverCard>,
    );
    const trigger = screen.getByRole('link', { name: 'Ada' });

    fireEvent.pointerEnter(trigger, { pointerType: 'mouse' });
    advance(HOVER_CARD_DELAYS.openMs - 1);
    expect(screen.queryByText("Ada's profile")).not.toBeInTheDocument();
    advance(1);
    expect(screen.getByText("Ada's profile")).toBeInTheDocument();

    fireEvent.pointerLeave(trigger, { pointerType: 'mouse' });
    advance(HOVER_CARD_DELAYS.closeMs - 1);
    expect(screen.getByText("Ada's profile")).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText("Ada's profile")).not.toBeInTheDocument();
  });
});
