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

let stopWaiting: (() => void) | null = null;

/**
 * Moves focus to the new page's h1 (or its main area) once the page has drawn it, waiting up to
 * HEADING_WAIT_MS for a lazily loaded page; a newer page change ends the wait for the older one.
 */
export function placeFocusOnNewPage(): void {
  stopWaiting?.();
  const main = document.querySelector('main');
  if (!main) return;
  const headingOf = () => main.querySelector<HTMLElement>('h1');
  const place = (heading: HTMLElement | null) => {
    stop();
    if (!isFocusLost(main, document.activeElement)) return;
    const target = heading ?? main;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  };
  const observer = new MutationObserver(() => {
    const heading = headingOf();
    if (heading) place(heading);
  });
  const timer = window.setTimeout(() => place(headingOf()), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    stopWaiting = null;
  }
  stopWaiting = stop;
  const found = headingOf();
  if (found) requestAnimationFrame(() => place(headingOf()));
  else observer.observe(main, { childList: true, subtree: true });
}
