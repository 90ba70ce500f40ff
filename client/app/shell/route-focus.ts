import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to draw its heading (its code and data load first). */
const HEADING_WAIT_MS = 3_000;

/**
 * Whether focus was left where the page cannot be used from: nowhere, on <body>, on an element
 * that the navigation removed, or outside the page's main area (a sidebar or top-bar link that
 * led here). Focus that the new page placed inside its main area itself (a field, a tab) stays.
 */
export function isFocusLost(main: HTMLElement, active: Element | null): boolean {
  if (!active || active === document.body || !active.isConnected) return true;
  return !main.contains(active);
}

/**
 * After a page change (a new path; not a tab kept in `?tab=`, not the first load), moves focus to
 * the new page's h1, or to the main area when the page has none, so keyboard and screen-reader
 * users start at the top of what they opened and hear its name. Waits for a lazily loaded page
 * to draw its heading.
 */
export function useRouteFocus(mainId: string): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById(mainId);
    if (!main) return;

    let observer: MutationObserver | null = null;
    const place = (heading: HTMLElement | null) => {
      observer?.disconnect();
      window.clearTimeout(timer);
      if (!isFocusLost(main, document.activeElement)) return;
      const target = heading ?? main;
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    };
    const headingOf = () => main.querySelector<HTMLElement>('h1');
    const timer = window.setTimeout(() => place(headingOf()), HEADING_WAIT_MS);
    const found = headingOf();
    if (found) {
      // The old page's heading may still be there for a moment: wait one frame for the new one.
      requestAnimationFrame(() => place(headingOf()));
    } else {
      observer = new MutationObserver(() => {
        const heading = headingOf();
        if (heading) place(heading);
      });
      observer.observe(main, { childList: true, subtree: true });
    }
    return () => {
      observer?.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname, mainId]);
}
