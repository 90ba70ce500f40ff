import { SearchX } from 'lucide-react';

import { Button } from '#client/components/ui/button.tsx';
import { EmptyState, ListSkeleton, Skeleton, TableSkeleton } from '#client/components/ui/skeleton.tsx';
import { GENERIC_TEXTS } from '#shared/constants/ui.ts';

import { DemoSection } from '../demo-section.tsx';

/** Table and list skeletons, a single block, and the empty states. */
export function SkeletonsSection() {
  return (
    <DemoSection
      id="skeletons"
      title="Skeletons"
      description="Placeholders while data loads (a table shows 5 rows, a list 3), announced as 'Loading...'; and what an empty list or table says."
    >
      <div className="grid gap-8 md:grid-cols-2">
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-medium text-muted-foreground">Table</h3>
          <TableSkeleton />
        </div>
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-medium text-muted-foreground">List</h3>
          <ListSkeleton />
          <h3 className="mt-4 text-sm font-medium text-muted-foreground">Single blocks</h3>
          <div className="grid gap-2" role="status">
            <span className="sr-only">{GENERIC_TEXTS.loading}</span>
            <Skeleton className="h-32 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        </div>
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-medium text-muted-foreground">Empty list</h3>
          <EmptyState />
        </div>
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-medium text-muted-foreground">Empty table</h3>
          <EmptyState kind="data" />
        </div>
        <div className="grid content-start gap-2 md:col-span-2">
          <h3 className="text-sm font-medium text-muted-foreground">With a description and an action</h3>
          <EmptyState
            icon={<SearchX />}
            title="No groups match your filters"
            description="Try another category, or start a group of your own."
            action={
              <Button variant="outline" size="sm">
                Clear filters
              </Button>
            }
          />
        </div>
      </div>
    </DemoSection>
  );
}
