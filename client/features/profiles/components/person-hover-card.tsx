import {
  cloneElement,
  isValidElement,
  useEffect,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';

import { cn } from '#client/lib/cn.ts';
import { lazyComponent } from '#client/lib/lazy-component.ts';
import { paths } from '#client/lib/paths.ts';
import { HOVER_CARD_DELAYS } from '#shared/constants/ui.ts';

// Radix's hover card and floating-ui load with the first card that opens: a page of names
// does not fetch them until someone rests the pointer (or focus) on one.
const card = lazyComponent(() => import('./person-hover-card-panel.tsx').then((module) => module.PersonHoverCardPanel));

/** One pending timeout at a time: starting again replaces it. */
function createTimer() {
  let id: number | undefined;
  let hasFired = false;
  return {
    start(run: () => void, delayMs: number) {
      window.clearTimeout(id);
      id = window.setTimeout(() => {
        hasFired = true;
        run();
      }, delayMs);
    },
    stop() {
      window.clearTimeout(id);
    },
    /** Whether a timeout has run out, once at least. */
    hasFired: () => hasFired,
  };
}

/** Props of PersonHoverCard. */
export type PersonHoverCardProps = {
  /** The person's handle (any case). */
  username: string;
  /** The trigger: one element that takes a ref, usually a link to the profile. */
  children: ReactNode;
};

type TriggerHandlers = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * A mini profile (picture, name, @username, quote, counts, Follow) that opens while the pointer
 * rests on, or focus is on, `children`, after the spec's delays. The profile loads only when the
 * card first opens. Everything in it is also on the profile page the trigger links to.
 *
 * Until a card first opens, the trigger is the plain element, which keeps the same delays
 * itself (a touch does not open it, as with Radix); then the card's code takes over.
 */
export function PersonHoverCard({ username, children }: PersonHoverCardProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [isActive, setIsActive] = useState(false);
  const [refocus, setRefocus] = useState(false);
  const [openTimer] = useState(createTimer);
  const isLoaded = card.useLoaded(isActive);
  useEffect(() => () => openTimer.stop(), [openTimer]);

  if (isLoaded && isActive) {
    return (
      <card.Component username={username} open={isOpen} onOpenChange={setIsOpen} refocus={refocus}>
        {children}
      </card.Component>
    );
  }
  if (!isValidElement<TriggerHandlers>(children)) return children;

  const own = children.props;
  const startOpening = (trigger: HTMLElement) => {
    card.preload().catch(() => {
      // Tried again when the card opens.
    });
    openTimer.start(() => {
      setRefocus(document.activeElement === trigger);
      setIsActive(true);
      setIsOpen(true);
    }, HOVER_CARD_DELAYS.openMs);
  };
  const stopOpening = () => {
    // Once the card has opened with its code there, this trigger is gone from the page: an event
    // still reaching it is not the person leaving. (Preact, unlike React, runs the handlers of a
    // removed element, and Chromium sends a blur to a focused element as it is removed.)
    if (openTimer.hasFired() && card.isLoaded()) return;
    openTimer.stop();
    // Left before the card's code arrived: it must not open after all.
    setIsOpen(false);
  };
  return cloneElement(children, {
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== 'touch') startOpening(event.currentTarget);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      if (event.pointerType !== 'touch') stopOpening();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      startOpening(event.currentTarget);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      stopOpening();
    },
  } satisfies TriggerHandlers);
}

/** Props of PersonLink. */
export type PersonLinkProps = {
  username: string;
  /** What the link shows: the person's name or '@handle'. */
  children: ReactNode;
  className?: string;
};

/** A link to a person's profile with their hover card: use it wherever a name or handle is shown. */
export function PersonLink({ username, children, className }: PersonLinkProps) {
  return (
    <PersonHoverCard username={username}>
      <Link
        to={paths.profile(username)}
        className={cn(
          'rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring',
          className,
        )}
      >
        {children}
      </Link>
    </PersonHoverCard>
  );
}
