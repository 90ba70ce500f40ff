import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

import { recordPageView } from '#client/features/analytics/api/record-page-view.ts';

/**
 * First-party web analytics, on every page: records each page the visitor opens (path only:
 * a query string can hold what someone searched for). No cookie, no third-party script.
 */
export function PageViewBeacon() {
  const { pathname } = useLocation();
  // StrictMode runs effects twice in development; one view per page is what counts.
  const lastPath = useRef<string | null>(null);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    const referrer = lastPath.current === null ? document.referrer : undefined;
    lastPath.current = pathname;
    recordPageView({ path: pathname.slice(0, 512), ...(referrer ? { referrer } : {}) });
  }, [pathname]);
  return null;
}
