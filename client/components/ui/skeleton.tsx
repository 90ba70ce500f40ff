import { Inbox } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';

import { cn } from '#client/lib/cn.ts';
import { GENERIC_TEXTS, SKELETON_ROWS } from '#shared/constants/ui.ts';

/** A pulsing placeholder block. Decorative: wrap blocks in a container that says 'Loading...'. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted motion-reduce:animate-none', className)}
      {...props}
    />
  );
}

/**
 * A status region that tells assistive technology what the placeholders stand for: a named
 * placeholder wraps its skeletons in it (a bare div may not carry `aria-label`).
 */
export function LoadingRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

/** Props of TableSkeleton. */
export type TableSkeletonProps = {
  /** Body rows (default SKELETON_ROWS.table, 5). */
  rows?: number;
  columns?: number;
  /** What is read out (default 'Loading...'). */
  label?: string;
  className?: string;
};

/** Placeholder of a table while it loads: a header row and `rows` body rows. */
export function TableSkeleton({
  rows = SKELETON_ROWS.table,
  columns = 4,
  label = GENERIC_TEXTS.loading,
  className,
}: TableSkeletonProps) {
  const columnIndexes = Array.from({ length: columns }, (_, index) => index);
  const gridStyle = { gridTemplateColumns: `repeat(${String(columns)}, minmax(0, 1fr))` };
  return (
    <LoadingRegion label={label} className={cn('w-full overflow-hidden rounded-md border border-border', className)}>
      <div className="grid gap-4 border-b border-border bg-muted/50 px-4 py-3" style={gridStyle}>
        {columnIndexes.map((column) => (
          <Skeleton key={column} className="h-4 w-2/3" />
        ))}
      </div>
      {Array.from({ length: rows }, (_, row) => (
        <div
          key={row}
          data-slot="table-skeleton-row"
          className="grid gap-4 border-b border-border px-4 py-3 last:border-b-0"
          style={gridStyle}
        >
          {columnIndexes.map((column) => (
            // Uneven widths read as text rather than as a grid of bars.
            <Skeleton key={column} className={cn('h-4', column % 2 === 0 ? 'w-full' : 'w-3/4')} />
          ))}
        </div>
      ))}
    </LoadingRegion>
  );
}

/** Props of ListSkeleton. */
export type ListSkeletonProps = {
  /** Items (default SKELETON_ROWS.list, 3). */
  rows?: number;
  /** Shows a round placeholder for an avatar on each item (default true). */
  hasAvatar?: boolean;
  /** What is read out (default 'Loading...'). */
  label?: string;
  className?: string;
};

/** Placeholder of a list while it loads: `rows` items with an avatar and two lines of text. */
export function ListSkeleton({
  rows = SKELETON_ROWS.list,
  hasAvatar = true,
  label = GENERIC_TEXTS.loading,
  className,
}: ListSkeletonProps) {
  return (
    <LoadingRegion label={label} className={cn('grid gap-4', className)}>
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} data-slot="list-skeleton-row" className="flex items-center gap-3">
          {hasAvatar ? <Skeleton className="size-10 shrink-0 rounded-full" /> : null}
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-4/5" />
          </div>
        </div>
      ))}
    </LoadingRegion>
  );
}

/** Props of EmptyState. */
export type EmptyStateProps = Omit<ComponentProps<'div'>, 'title'> & {
  /** Which generic title to show when none is given: 'No items to display' or 'No data available'. */
  kind?: 'items' | 'data';
  title?: ReactNode;
  description?: ReactNode;
  /** An icon; an inbox by default. */
  icon?: ReactNode;
  /** A button or link to get out of the empty state, such as 'Create a group'. */
  action?: ReactNode;
};

/** What a list or table shows when it has nothing: 'No items to display' or 'No data available'. */
export function EmptyState({ kind = 'items', title, description, icon, action, className, ...props }: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-md border border-dashed border-border px-6 py-10 text-center',
        className,
      )}
      {...props}
    >
      <div className="text-muted-foreground [&_svg]:size-8" aria-hidden="true">
        {icon ?? <Inbox />}
      </div>
      <p className="text-sm font-medium">{title ?? (kind === 'data' ? GENERIC_TEXTS.noData : GENERIC_TEXTS.noItems)}</p>
      {description ? <p className="max-w-sm text-sm text-muted-foreground">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
