import type { ReactNode } from 'react';

import { Sheet, SheetContent, SheetDescription, SheetTitle } from '#client/components/ui/sheet.tsx';

/** The sidebar as a sheet on phones (the shell mounts it when it first opens). */
export function MobileNav({
  open,
  onOpenChange,
  nav,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  nav: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" className="p-0">
        <SheetTitle className="sr-only">Navigation</SheetTitle>
        <SheetDescription className="sr-only">Pages of Townhall</SheetDescription>
        {nav}
      </SheetContent>
    </Sheet>
  );
}
