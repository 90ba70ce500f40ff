import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';

import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadingRegion, Skeleton } from '#client/components/ui/skeleton.tsx';
import { isGroupNotFound, useGroup } from '#client/features/groups/api/get-group.ts';
import { useGroupLedger, useLedgerLiveUpdates, useSessionLedger } from '#client/features/ledger/api/get-ledger.ts';
import { LedgerEntries } from '#client/features/ledger/components/ledger-entries.tsx';
import { LedgerTotalsList } from '#client/features/ledger/components/ledger-totals.tsx';
import { isSessionNotFound, useAmaSession } from '#client/features/sessions/api/get-session.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { paths } from '#client/lib/paths.ts';

/** What every ledger says about itself, once, under its title. */
const ABOUT =
  'Every moderation of the question queue, newest first: what was hidden and why, approved, merged or carried over, ' +
  'and by which role. It never shows the text of a hidden question, and entries cannot be deleted.';

function LedgerLayout({
  back,
  title,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <header className="grid gap-2">
        <Link
          to={back.to}
          className="inline-flex w-fit items-center gap-1 text-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {back.label}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight break-words">{title}</h1>
        <p className="text-sm text-muted-foreground">{ABOUT}</p>
      </header>
      {children}
    </div>
  );
}

function HeaderSkeleton({ label }: { label: string }) {
  return (
    <LoadingRegion label={label} className="mx-auto grid w-full max-w-3xl gap-3 px-4 py-6 sm:px-6 sm:py-10">
      <Skeleton className="h-5 w-32" />
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-full" />
    </LoadingRegion>
  );
}

function Missing({ title, to, label }: { title: string; to: string; label: string }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <Alert variant="warning" title={title}>
        <Button asChild variant="outline" size="sm" className="mt-2">
          <Link to={to}>{label}</Link>
        </Button>
      </Alert>
    </div>
  );
}

function SessionLedger({ sessionId }: { sessionId: string }) {
  const session = useAmaSession(sessionId);
  const ledger = useSessionLedger(sessionId);
  useLedgerLiveUpdates(session.data?.groupId);
  useDocumentTitle(session.data ? `Moderation ledger · ${session.data.title}` : 'Moderation ledger');

  if (session.isError && isSessionNotFound(session.error)) {
    return <Missing title="This session does not exist" to={paths.events()} label="See all events" />;
  }
  if (session.isError) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6">
        <LoadError
          title="The session could not be loaded"
          error={session.error}
          onRetry={() => void session.refetch()}
        />
      </div>
    );
  }
  if (!session.data) return <HeaderSkeleton label="Loading the ledger" />;
  const totals = ledger.data?.pages[0]?.totals;
  return (
    <LedgerLayout
      back={{ to: paths.session(sessionId), label: session.data.title }}
      title="Moderation ledger of this session"
    >
      {totals ? <LedgerTotalsList totals={totals} /> : null}
      <LedgerEntries
        query={ledger}
        groupSlug={session.data.group.slug}
        emptyText="No question of this session was hidden, merged, approved or carried over."
      />
      <p className="text-sm">
        <Link
          to={paths.groupLedger(session.data.group.slug)}
          className="font-medium text-link underline-offset-4 hover:underline"
        >
          The whole ledger of {session.data.group.name}
        </Link>
      </p>
    </LedgerLayout>
  );
}

function GroupLedger({ slug }: { slug: string }) {
  const group = useGroup(slug);
  const groupId = group.data?.group.id;
  const ledger = useGroupLedger(groupId);
  useLedgerLiveUpdates(groupId);
  useDocumentTitle(group.data ? `Moderation ledger · ${group.data.group.name}` : 'Moderation ledger');

  if (group.isError && isGroupNotFound(group.error)) {
    return <Missing title="This group does not exist" to={paths.groups()} label="See all groups" />;
  }
  if (group.isError) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6">
        <LoadError title="The group could not be loaded" error={group.error} onRetry={() => void group.refetch()} />
      </div>
    );
  }
  if (!group.data) return <HeaderSkeleton label="Loading the ledger" />;
  const { group: found } = group.data;
  return (
    <LedgerLayout back={{ to: paths.groupTab(found.slug, 'questions'), label: found.name }} title="Moderation ledger">
      {found.ama ? (
        <LedgerEntries
          query={ledger}
          groupSlug={found.slug}
          showSession
          emptyText="No question of this group was hidden, merged, approved or carried over."
        />
      ) : (
        <p className="text-sm text-muted-foreground">This group has no question queue, so nothing is moderated here.</p>
      )}
    </LedgerLayout>
  );
}

/** /event/:id/ledger: an AMA session's public moderation ledger, with its totals. */
export function SessionLedgerRoute() {
  const { id = '' } = useParams();
  return <SessionLedger key={id} sessionId={id} />;
}

/** /group/:slug/ledger: a group's public moderation ledger, its sessions' entries included. */
export function GroupLedgerRoute() {
  const { slug = '' } = useParams();
  return <GroupLedger key={slug} slug={slug} />;
}
