import { cn } from '#client/lib/cn.ts';
import type { SessionStatus } from '#shared/schemas/sessions.ts';

import { STATUS_LABELS } from '../utils/session-format.ts';

const STYLES: Record<SessionStatus, string> = {
  scheduled: 'bg-info-soft text-info',
  live: 'bg-destructive text-destructive-foreground',
  ended: 'bg-muted text-muted-foreground',
};

/** 'Upcoming', 'Live now' (with a dot) or 'Ended'. */
export function SessionStatusBadge({ status, className }: { status: SessionStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        STYLES[status],
        className,
      )}
    >
      {status === 'live' ? <span aria-hidden className="size-1.5 animate-pulse rounded-full bg-current" /> : null}
      {STATUS_LABELS[status]}
    </span>
  );
}
