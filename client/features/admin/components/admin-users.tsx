import { UsersRound } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';

import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { TextInput } from '#client/components/ui/text-input.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { paths } from '#client/lib/paths.ts';
import type { AdminUser } from '#shared/schemas/admin-console.ts';
import { useAdminUsers, useSendPasswordResetLink, useSetUserDisabled } from '../api/users.ts';
import { AdminPageHeader, Badge, DateTime } from './admin-parts.tsx';

const plural = (count: number, one: string, many: string) => `${String(count)} ${count === 1 ? one : many}`;

/**
 * 'Send reset link': the one way an administrator helps with a password. The owner gets the
 * ordinary reset e-mail at their own address; the administrator never sees the link, and the
 * server records the action in the audit log.
 */
function SendResetLinkButton({ user }: { user: AdminUser }) {
  const sendLink = useSendPasswordResetLink();
  const handle = `@${user.username}`;

  async function handleConfirm() {
    try {
      const { sentTo } = await sendLink.mutateAsync({ userId: user.id });
      toast.success(`Reset link sent to ${sentTo}`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'That did not work. Please try again.');
      throw error;
    }
  }

  return (
    <ConfirmDialog
      variant="info"
      title={`Send ${handle} a password reset link?`}
      description={`Townhall e-mails the usual reset link to ${user.email}, their own address. You will not see the link, and this is recorded in the audit log.`}
      confirmText="Send link"
      onConfirm={handleConfirm}
      trigger={
        <Button size="sm" variant="outline" aria-label={`Send reset link to ${handle}`}>
          Send reset link
        </Button>
      }
    />
  );
}

/** One account: who, role and status, what they made, 'Send reset link', and Disable or Enable. */
function UserRow({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const setDisabled = useSetUserDisabled();
  const isDisabled = user.disabledAt !== null;
  const handle = `@${user.username}`;

  async function handleConfirm() {
    try {
      await setDisabled.mutateAsync({ userId: user.id, isDisabled: !isDisabled });
      toast.success(isDisabled ? `Enabled ${handle}` : `Disabled ${handle}`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'That did not work. Please try again.');
      throw error;
    }
  }

  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <Link to={paths.profile(user.username)} className="truncate font-medium hover:underline">
            {user.name || handle}
          </Link>
          <span className="text-sm text-muted-foreground">{handle}</span>
          {user.role === 'admin' ? <Badge tone="info">Administrator</Badge> : null}
          {isDisabled ? <Badge tone="error">Disabled</Badge> : <Badge tone="success">Active</Badge>}
          {isSelf ? <Badge>You</Badge> : null}
        </p>
        <p className="truncate text-sm text-muted-foreground">{user.email}</p>
        <p className="text-xs text-muted-foreground">
          Joined <DateTime value={user.createdAt} />
          {' · '}
          {plural(user.counts.groups, 'group', 'groups')} · {plural(user.counts.posts, 'post', 'posts')} ·{' '}
          {plural(user.counts.questions, 'question', 'questions')} ·{' '}
          {plural(user.counts.followers, 'follower', 'followers')}
          {user.disabledAt ? (
            <>
              {' · disabled '}
              <DateTime value={user.disabledAt} />
            </>
          ) : null}
        </p>
      </div>
      {isSelf ? null : (
        <div className="flex shrink-0 flex-wrap gap-2 self-start sm:self-center">
          {/* A disabled account could not sign in after the reset: enabling comes first. */}
          {isDisabled ? null : <SendResetLinkButton user={user} />}
          <ConfirmDialog
            variant={isDisabled ? 'info' : 'destructive'}
            title={isDisabled ? `Enable ${handle}?` : `Disable ${handle}?`}
            description={
              isDisabled
                ? 'They can sign in again and use Townhall as before.'
                : 'They are signed out everywhere at once and cannot sign in until an administrator enables the account again. Their groups and posts stay.'
            }
            confirmText={isDisabled ? 'Enable' : 'Disable'}
            onConfirm={handleConfirm}
            trigger={
              <Button
                size="sm"
                variant={isDisabled ? 'outline' : 'destructive'}
                aria-label={`${isDisabled ? 'Enable' : 'Disable'} ${handle}`}
              >
                {isDisabled ? 'Enable' : 'Disable'}
              </Button>
            }
          />
        </div>
      )}
    </li>
  );
}

/** /admin/users: search accounts, disable and enable them. */
export function AdminUsers() {
  const { user: me } = useSession();
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query.trim());
  const list = useAdminUsers(q);
  const users = list.data?.pages.flatMap((page) => page.users) ?? [];

  return (
    <div className="flex flex-col gap-4">
      <AdminPageHeader
        title="Users"
        description="Every account, newest first. Disabling one signs it out everywhere and blocks sign-in. A reset link goes to the person's own address, never to you."
      />
      <div className="max-w-md">
        <TextInput
          label="Search by name, username or e-mail"
          type="search"
          value={query}
          maxLength={200}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {list.isPending ? (
        <ListSkeleton rows={5} label="Loading users" />
      ) : list.isError ? (
        <LoadError title="Could not load the users" error={list.error} onRetry={() => void list.refetch()} />
      ) : users.length === 0 ? (
        <EmptyState
          title="No users"
          description={q ? 'Nobody matches this search.' : 'No one has signed up yet.'}
          icon={<UsersRound />}
        />
      ) : (
        <ul aria-label="Users" className="divide-y divide-border rounded-lg border border-border">
          {users.map((user) => (
            <UserRow key={user.id} user={user} isSelf={user.id === me?.id} />
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={list.hasNextPage}
        isLoading={list.isFetchingNextPage}
        onLoad={() => void list.fetchNextPage()}
        className="self-center"
        label="Load more users"
      />
    </div>
  );
}
