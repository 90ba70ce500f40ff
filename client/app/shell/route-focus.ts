import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a page change (a new path; not a tab kept in `?tab=`, not the first load), moves focus to
 * the new page's h1, or to <main> when the page has none, so keyboard and screen-reader users
 * start at the top of what they opened and hear its name. The placing (route-focus-place.ts)
 * loads with the first page change: a first visit never needs it.
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    void import('./route-focus-place.ts').then((module) => module.placeFocusOnNewPage());
  }, [pathname]);
}
