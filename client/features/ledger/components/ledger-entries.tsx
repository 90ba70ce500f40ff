import { ArrowRightLeft, Check, Eye, EyeOff, GitMerge, PencilLine, ScrollText, Trash2, Undo2, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { formatAge } from '#client/lib/format.ts';
import { paths } from '#client/lib/paths.ts';
import { LEDGER_REASON_LABELS, type LedgerAction, type LedgerRole } from '#shared/constants/ledger.ts';
import type { LedgerEntry } from '#shared/schemas/ledger.ts';

/** Who did it, by role: the ledger never names the moderator. */
const ROLE_WORDS: Record<LedgerRole, string> = {
  host: 'The host',
  admin: 'An administrator',
  author: 'The asker',
};

/** What they did, as the end of a sentence that starts with the role. */
const ACTION_WORDS: Record<LedgerAction, string> = {
  hidden: 'hid a question',
  unhidden: 'showed a hidden question again',
  approved: 'approved a question',
  rejected: 'rejected a question',
  removed: 'removed a question',
  edited: 'edited a question',
  merged: 'merged a duplicate into another question',
  unmerged: 'undid a merge',
  carried: 'carried an unanswered question over',
};

const ACTION_ICONS: Record<LedgerAction, ReactNode> = {
  hidden: <EyeOff />,
  unhidden: <Eye />,
  approved: <Check />,
  rejected: <X />,
  removed: <Trash2 />,
  edited: <PencilLine />,
  merged: <GitMerge />,
  unmerged: <Undo2 />,
  carried: <ArrowRightLeft />,
};

/** One entry as a sentence: 'The host hid a question'. */
export function ledgerSentence(entry: Pick<LedgerEntry, 'action' | 'role'>): string {
  return `${ROLE_WORDS[entry.role]} ${ACTION_WORDS[entry.action]}`;
}

const timeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

function Entry({ entry, groupSlug, showSession }: { entry: LedgerEntry; groupSlug: string; showSession: boolean }) {
  return (
    <li className="flex gap-3 px-4 py-3">
      <span
        aria-hidden
        className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-4"
      >
        {ACTION_ICONS[entry.action]}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm">
          <span className="font-medium">{ledgerSentence(entry)}</span>
          {entry.reason ? (
            <>
              {' '}
              <span className="sr-only">because:</span>
              <span className="ml-1 inline-flex items-center rounded-full border border-border px-2 py-0.5 text-xs font-medium">
                {LEDGER_REASON_LABELS[entry.reason]}
              </span>
            </>
          ) : null}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <time dateTime={entry.createdAt} title={timeFormat.format(new Date(entry.createdAt))}>
            {formatAge(entry.createdAt)}
          </time>
          {entry.question.isVisible ? (
            <Link
              className="font-medium text-link underline-offset-4 hover:underline"
              to={paths.question(groupSlug, entry.question.id)}
            >
              Open the question
            </Link>
          ) : (
            <span>The question is not shown</span>
          )}
          {showSession && entry.sessionId ? (
            <Link
              className="font-medium text-link underline-offset-4 hover:underline"
              to={paths.sessionLedger(entry.sessionId)}
            >
              Its session’s ledger
            </Link>
          ) : null}
        </p>
      </div>
    </li>
  );
}

/** What a page of ledger entries needs from its query. */
export interface LedgerListQuery {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  data?: { pages: { entries: LedgerEntry[] }[] } | undefined;
}

/**
 * A moderation ledger, newest first: each entry a sentence (who by role, what), the reason of a
 * hide, when, and a link to the question while the reader may open it. Hidden text never appears.
 */
export function LedgerEntries({
  query,
  groupSlug,
  showSession = false,
  emptyText,
}: {
  query: LedgerListQuery;
  groupSlug: string;
  /** In a group's ledger: link each session entry to its session's ledger. */
  showSession?: boolean;
  emptyText: string;
}) {
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  if (query.isPending) return <ListSkeleton rows={5} hasAvatar label="Loading the ledger" />;
  if (query.isError) {
    return <LoadError title="Could not load the ledger" error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (entries.length === 0) {
    return <EmptyState title="Nothing moderated yet" description={emptyText} icon={<ScrollText />} />;
  }
  return (
    <div className="flex flex-col gap-4">
      <ol aria-label="Moderation ledger" className="divide-y divide-border rounded-lg border border-border">
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} groupSlug={groupSlug} showSession={showSession} />
        ))}
      </ol>
      <LoadMore
        hasMore={query.hasNextPage}
        isLoading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
        className="self-center"
        label="Load older entries"
      />
    </div>
  );
}
