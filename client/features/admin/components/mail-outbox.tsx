import { ArrowLeft, Mail, RefreshCw } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';

import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { EmptyState, ListSkeleton, LoadingRegion, Skeleton } from '#client/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { TextInput } from '#client/components/ui/text-input.tsx';
import { cn } from '#client/lib/cn.ts';
import type { AdminMailMessage, AdminMailSummary } from '#shared/schemas/admin.ts';
import { useAdminMailList, useAdminMailMessage, type MailStatusFilter } from '../api/mail.ts';

const STATUS_FILTERS: { value: MailStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'stored', label: 'Kept here' },
  { value: 'sent', label: 'Sent' },
  { value: 'queued', label: 'Waiting' },
  { value: 'failed', label: 'Failed' },
  { value: 'cancelled', label: 'Cancelled' },
];

const STATUS_TEXT: Record<AdminMailSummary['status'], { label: string; className: string }> = {
  stored: { label: 'Kept here', className: 'bg-info-soft text-info' },
  sent: { label: 'Sent', className: 'bg-success-soft text-success' },
  queued: { label: 'Waiting', className: 'bg-warning-soft text-warning' },
  failed: { label: 'Failed', className: 'bg-error-soft text-error' },
  cancelled: { label: 'Cancelled', className: 'bg-muted text-muted-foreground' },
};

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function StatusBadge({ status }: { status: AdminMailSummary['status'] }) {
  const { label, className } = STATUS_TEXT[status];
  return <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', className)}>{label}</span>;
}

/**
 * /admin/mail: every e-mail Townhall sent or keeps. Without SMTP (the embedded default) this
 * is where e-mails are read. The open message is in the address (`?message=`), so it can be linked.
 */
export function MailOutbox() {
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = searchParams.get('message');
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<MailStatusFilter>('all');
  const deferredQuery = useDeferredValue(query.trim());
  const list = useAdminMailList({ q: deferredQuery, status });
  const messages = list.data?.pages.flatMap((page) => page.messages) ?? [];

  const open = (id: string | null) => {
    setSearchParams(
      (params) => {
        if (id) params.set('message', id);
        else params.delete('message');
        return params;
      },
      { replace: false },
    );
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-4 p-4 sm:p-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold tracking-tight">E-mail outbox</h2>
          <p className="text-sm text-muted-foreground">
            Every e-mail Townhall sent or keeps. Link secrets (reset and unsubscribe tokens) are hidden, and each e-mail
            you open is recorded in the audit log.
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
          <RefreshCw aria-hidden="true" className={cn(list.isFetching && 'animate-spin')} />
          Refresh
        </Button>
      </header>

      <div className="grid min-h-0 flex-1 gap-4 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <section aria-label="E-mails" className={cn('flex min-w-0 flex-col gap-3', openId && 'hidden lg:flex')}>
          <TextInput
            label="Search by address or subject"
            type="search"
            value={query}
            maxLength={200}
            onChange={(event) => setQuery(event.target.value)}
          />
          <div role="group" aria-label="Status" className="flex flex-wrap gap-1.5">
            {STATUS_FILTERS.map((filter) => (
              <Button
                key={filter.value}
                size="sm"
                variant={status === filter.value ? 'default' : 'outline'}
                aria-pressed={status === filter.value}
                onClick={() => setStatus(filter.value)}
              >
                {filter.label}
              </Button>
            ))}
          </div>
          {list.isPending ? (
            <ListSkeleton rows={6} />
          ) : list.isError ? (
            <Alert variant="error" title="Could not load the outbox" description={list.error.message} />
          ) : messages.length === 0 ? (
            <EmptyState
              title="No e-mails"
              description={deferredQuery || status !== 'all' ? 'Nothing matches this search.' : 'Nothing was sent yet.'}
              icon={<Mail />}
            />
          ) : (
            <ul className="divide-y divide-border overflow-hidden rounded-lg border border-border">
              {messages.map((message) => (
                <li key={message.id}>
                  <button
                    type="button"
                    onClick={() => open(message.id)}
                    aria-current={message.id === openId ? 'true' : undefined}
                    className={cn(
                      'flex w-full flex-col gap-1 px-3 py-2.5 text-left text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-none',
                      message.id === openId && 'bg-muted',
                    )}
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="truncate font-medium">{message.subject}</span>
                      <StatusBadge status={message.status} />
                    </span>
                    <span className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
                      <span className="truncate">{message.to}</span>
                      <time dateTime={message.createdAt} className="shrink-0">
                        {dateTime.format(new Date(message.createdAt))}
                      </time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <LoadMore
            hasMore={list.hasNextPage}
            isLoading={list.isFetchingNextPage}
            onLoad={() => void list.fetchNextPage()}
            label="Load older e-mails"
          />
        </section>

        <section aria-label="E-mail" className={cn('min-w-0', !openId && 'hidden lg:block')}>
          {openId ? (
            <MessageView id={openId} onClose={() => open(null)} />
          ) : (
            <EmptyState title="No e-mail open" description="Choose an e-mail to read it." icon={<Mail />} />
          )}
        </section>
      </div>
    </div>
  );
}

function MessageView({ id, onClose }: { id: string; onClose: () => void }) {
  const message = useAdminMailMessage(id);
  return (
    <article className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <Button variant="ghost" size="sm" className="self-start lg:hidden" onClick={onClose}>
        <ArrowLeft aria-hidden="true" />
        Back to the outbox
      </Button>
      {message.isPending ? (
        <LoadingRegion label="Loading the e-mail" className="space-y-2">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-64 w-full" />
        </LoadingRegion>
      ) : message.isError ? (
        <Alert variant="error" title="Could not open this e-mail" description={message.error.message} />
      ) : (
        <MessageBody message={message.data} />
      )}
    </article>
  );
}

/**
 * The HTML part is shown in a sandboxed frame: no scripts, no access to this page; links open
 * in a new tab. Their secrets come hidden from the server: a reset link here leads nowhere.
 */
function MessageBody({ message }: { message: AdminMailMessage }) {
  const html = `<base target="_blank">${message.html}`;
  return (
    <>
      <header className="space-y-1">
        <h2 className="text-lg font-semibold break-words">{message.subject}</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-muted-foreground">To</dt>
          <dd className="break-all">{message.to}</dd>
          <dt className="text-muted-foreground">Created</dt>
          <dd>{dateTime.format(new Date(message.createdAt))}</dd>
          <dt className="text-muted-foreground">Status</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <StatusBadge status={message.status} />
            {message.attempts > 0 ? (
              <span className="text-muted-foreground">
                {message.attempts} {message.attempts === 1 ? 'attempt' : 'attempts'}
              </span>
            ) : null}
          </dd>
          <dt className="text-muted-foreground">Kind</dt>
          <dd>{message.kind}</dd>
        </dl>
        {message.lastError ? (
          <Alert
            variant={message.status === 'cancelled' ? 'info' : 'warning'}
            title={message.status === 'cancelled' ? 'Why it was not sent' : 'Last delivery error'}
            description={message.lastError}
          />
        ) : null}
      </header>
      <Tabs defaultValue="html">
        <TabsList>
          <TabsTrigger value="html">HTML</TabsTrigger>
          <TabsTrigger value="text">Plain text</TabsTrigger>
          <TabsTrigger value="headers">Headers</TabsTrigger>
        </TabsList>
        <TabsContent value="html">
          <iframe
            title={`HTML part of “${message.subject}”`}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            srcDoc={html}
            className="h-[32rem] w-full rounded-md border border-border bg-white"
          />
        </TabsContent>
        <TabsContent value="text">
          <pre className="max-h-[32rem] overflow-auto rounded-md border border-border bg-muted p-3 text-sm break-words whitespace-pre-wrap">
            {message.text}
          </pre>
        </TabsContent>
        <TabsContent value="headers">
          {Object.keys(message.headers).length === 0 ? (
            <p className="text-sm text-muted-foreground">No extra headers.</p>
          ) : (
            <dl className="space-y-2 text-sm">
              {Object.entries(message.headers).map(([name, value]) => (
                <div key={name}>
                  <dt className="font-medium">{name}</dt>
                  <dd className="break-all text-muted-foreground">{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </TabsContent>
      </Tabs>
    </>
  );
}
