import { lazy, Suspense, useSyncExternalStore } from 'react';

import { hasToasterBeenWanted, onToasterWanted } from './toast.ts';

const Toaster = lazy(async () => ({ default: (await import('./toaster.tsx')).Toaster }));

/**
 * The app's one <Toaster />, mounted when the first toast asks for it (toast.ts loads sonner
 * then), so sonner is not part of any page's first load. Mount it once, near the root.
 */
export function LazyToaster() {
  const isWanted = useSyncExternalStore(onToasterWanted, hasToasterBeenWanted, () => false);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
