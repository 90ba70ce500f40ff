import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { Button } from '#client/components/ui/button.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { paths } from '#client/lib/paths.ts';
import type { AdminContactMessage, AdminContactStatus } from '#shared/schemas/admin-console.ts';
import { useAdminContactMessages, useSetContactMessageHandled } from '../api/contact-messages.ts';
import { AdminPageHeader, Badge, DateTime, FilterButtons } from './admin-parts.tsx';

const STATUSES: readonly { value: AdminContactStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
];

const TOPICS: Record<AdminContactMessage['topic'], string> = {
  general: 'General',
  support: 'Support',
  privacy: 'Privacy',
  abuse: 'Abuse',
};

function MessageItem({ message }: { message: AdminContactMessage }) {
  const setHandled = useSetContactMessageHandled();
  const isHandled = message.handledAt !== null;

  function handleClick() {
    setHandled.mutate(
      { id: message.id, isHandled: !isHandled },
      {
        onSuccess: () => toast.success(isHandled ? 'Message reopened' : 'Message marked handled'),
        onError: (error) => toast.error(error.message),
      },
    );
  }

  return (
    <li>
      <article aria-label={`Message from ${message.name}`} className="flex flex-col gap-2 px-4 py-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">{message.name}</span>
            <a href={`mailto:${message.email}`} className="text-link hover:underline">
              {message.email}
            </a>
            {message.sender ? (
              <Link to={paths.profile(message.sender.username)} className="text-muted-foreground hover:underline">
                @{message.sender.username}
              </Link>
            ) : null}
            <Badge tone={message.topic === 'abuse' ? 'warning' : 'neutral'}>{TOPICS[message.topic]}</Badge>
            {isHandled ? <Badge tone="success">Handled</Badge> : <Badge tone="info">Open</Badge>}
          </p>
          <DateTime value={message.createdAt} className="text-xs text-muted-foreground" />
        </div>
        <p className="text-sm break-words whitespace-pre-wrap">{message.message}</p>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-muted-foreground">
            {message.handledAt ? (
              <>
                Handled{message.handledBy ? ` by @${message.handledBy.username}` : ''} on{' '}
                <DateTime value={message.handledAt} />
              </>
            ) : null}
          </p>
          <Button
            size="sm"
            variant={isHandled ? 'outline' : 'default'}
            isLoading={setHandled.isPending}
            onClick={handleClick}
            aria-label={`${isHandled ? 'Reopen' : 'Mark handled'}: message from ${message.name}`}
          >
            {isHandled ? 'Reopen' : 'Mark handled'}
          </Button>
        </div>
      </article>
    </li>
  );
}

/** /admin/messages: what people wrote through /contact. */
export function AdminMessages() {
  const [status, setStatus] = useState<AdminContactStatus>('open');
  const list = useAdminContactMessages(status);
  const messages = list.data?.pages.flatMap((page) => page.messages) ?? [];

  return (
    <div className="flex flex-col gap-4">
      <AdminPageHeader
        title="Contact messages"
        description="What people wrote through the contact page, newest first."
      />
      <FilterButtons label="Status" options={STATUSES} value={status} onChange={setStatus} />
      {list.isPending ? (
        <ListSkeleton rows={4} hasAvatar={false} label="Loading messages" />
      ) : list.isError ? (
        <LoadError title="Could not load the messages" error={list.error} onRetry={() => void list.refetch()} />
      ) : messages.length === 0 ? (
        <EmptyState
          title="No messages"
          description={status === 'open' ? 'Every message is handled.' : 'Nothing here yet.'}
          icon={<MessageSquare />}
        />
      ) : (
        <ul aria-label="Messages" className="divide-y divide-border rounded-lg border border-border">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={list.hasNextPage}
        isLoading={list.isFetchingNextPage}
        onLoad={() => void list.fetchNextPage()}
        className="self-center"
        label="Load more messages"
      />
    </div>
  );
}
