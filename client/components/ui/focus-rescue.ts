/**
 * Where focus goes when the control that held it disappears (the Delete button of an item that
 * was just deleted): the next item of its list, else the previous one, else the heading of its
 * section, else the page's h1. Without this the browser drops focus to <body> and a keyboard or
 * screen-reader user starts again from the top of the page.
 */

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The element itself when it takes focus, else the first control inside it. */
function focusableIn(element: Element | null): HTMLElement | null {
  if (!(element instanceof HTMLElement)) return null;
  if (element.matches(FOCUSABLE) || element.hasAttribute('tabindex')) return element;
  return element.querySelector<HTMLElement>(FOCUSABLE);
}

/** The heading that names the section or list holding `element`, the nearest first. */
function headingAround(element: Element): HTMLElement | null {
  for (let scope = element.parentElement; scope; scope = scope.parentElement) {
    const labelledBy = scope.getAttribute('aria-labelledby');
    const labelling = labelledBy ? document.getElementById(labelledBy) : null;
    if (labelling && /^H[1-6]$/.test(labelling.tagName)) return labelling;
    const heading = scope.querySelector<HTMLElement>(':scope > h1, :scope > h2, :scope > h3, :scope > header h2');
    if (heading && !heading.contains(element)) return heading;
  }
  return document.querySelector<HTMLElement>('main h1');
}

/**
 * The places focus may go if `control` disappears, in order: read while it is still on the page.
 */
export function focusTargetsAround(control: Element | null): HTMLElement[] {
  if (!control) return [];
  const item = control.closest('li, [role="listitem"], article');
  const targets = [
    focusableIn(item?.nextElementSibling ?? null),
    focusableIn(item?.previousElementSibling ?? null),
    headingAround(item ?? control),
    document.querySelector<HTMLElement>('main h1'),
  ];
  return targets.filter((target): target is HTMLElement => target !== null);
}

/** Moves focus to the first of `targets` still on the page; a heading takes focus without a tab stop. */
export function focusFirstConnected(targets: HTMLElement[]): boolean {
  const target = targets.find((candidate) => candidate.isConnected);
  if (!target) return false;
  if (!target.matches(FOCUSABLE) && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
  return true;
}

/**
 * Watches `control` for a few seconds: if it leaves the page while focus is nowhere (on <body>),
 * focus goes to the first of `targets` still there. For an item whose removal comes a moment
 * after the action (the list is read again), when focus went back to the item's own button first.
 */
export function rescueFocusFrom(control: Element | null, targets: HTMLElement[], waitMs = 5_000): void {
  if (!control) return;
  const check = () => {
    if (control.isConnected) return false;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return true;
    focusFirstConnected(targets);
    return true;
  };
  if (check()) return;
  const observer = new MutationObserver(() => {
    if (check()) stop();
  });
  const timer = window.setTimeout(() => stop(), waitMs);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
}
