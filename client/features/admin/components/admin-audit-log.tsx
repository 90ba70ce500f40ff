import { ScrollText } from 'lucide-react';

import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { useAdminAuditLog } from '../api/audit-log.ts';
import { AdminPageHeader, Badge, DateTime } from './admin-parts.tsx';

/** /admin/audit-log: every administrator action, newest first. */
export function AdminAuditLog() {
  const list = useAdminAuditLog();
  const entries = list.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <div className="flex flex-col gap-4">
      <AdminPageHeader title="Audit log" description="Every administrator action, newest first." />
      {list.isPending ? (
        <ListSkeleton rows={6} hasAvatar={false} label="Loading the audit log" />
      ) : list.isError ? (
        <LoadError title="Could not load the audit log" error={list.error} onRetry={() => void list.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState
          title="No actions yet"
          description="What administrators do is recorded here."
          icon={<ScrollText />}
        />
      ) : (
        <ol aria-label="Audit log" className="divide-y divide-border rounded-lg border border-border">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-1 px-4 py-3">
              <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <DateTime value={entry.createdAt} />
                <span className="font-medium text-foreground">
                  {entry.admin.username ? `@${entry.admin.username}` : entry.admin.email}
                </span>
                <Badge>{entry.action}</Badge>
              </p>
              <p className="text-sm break-words">{entry.summary}</p>
            </li>
          ))}
        </ol>
      )}
      <LoadMore
        hasMore={list.hasNextPage}
        isLoading={list.isFetchingNextPage}
        onLoad={() => void list.fetchNextPage()}
        className="self-center"
        label="Load older actions"
      />
    </div>
  );
}
