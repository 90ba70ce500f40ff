import { lazy, Suspense } from 'react';

import type { AlertProps } from '#client/components/ui/alert.tsx';

const AlertPart = lazy(async () => ({ default: (await import('#client/components/ui/alert.tsx')).Alert }));

/**
 * The Alert of a page's rare path (a load that failed, a session that is gone): its code (1 KB
 * with its icons) comes only when one shows, so a page's first load does not carry it. Nothing
 * shows for the moment it loads: a placeholder would be announced, then the alert again.
 */
export function LazyAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <AlertPart {...props} />
    </Suspense>
  );
}
