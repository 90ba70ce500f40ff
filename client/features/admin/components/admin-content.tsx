import { FileText, UsersRound } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { TextInput } from '#client/components/ui/text-input.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { paths } from '#client/lib/paths.ts';
import {
  AdminContentTypeSchema,
  type AdminContentItem,
  type AdminContentType,
  type AdminGroup,
} from '#shared/schemas/admin-console.ts';
import { useAdminContent, useAdminGroups, useRemoveContent } from '../api/content.ts';
import { AdminPageHeader, Badge, DateTime, FilterButtons } from './admin-parts.tsx';
import { RevealAsker } from './reveal-asker.tsx';

type View = 'group' | AdminContentType;

const VIEWS: readonly { value: View; label: string }[] = [
  { value: 'group', label: 'Groups' },
  { value: 'post', label: 'Posts' },
  { value: 'question', label: 'Questions' },
  { value: 'comment', label: 'Comments' },
  { value: 'answer', label: 'Answers' },
];

const TYPE_NAMES: Record<View, string> = {
  group: 'group',
  post: 'post',
  question: 'question',
  comment: 'comment',
  answer: 'answer',
};

const REMOVE_TEXTS: Record<AdminContentType, string> = {
  post: 'The post is deleted with its comments and likes. This cannot be undone.',
  question: 'The question is deleted with its answer, comments and votes. This cannot be undone.',
  comment: 'The comment is deleted with its replies and likes. This cannot be undone.',
  answer: 'The answer is deleted and its question is open again. This cannot be undone.',
};

/** Remove with a confirmation; a toast says how it went. */
function RemoveButton({
  type,
  id,
  title,
  description,
}: {
  type: View;
  id: string;
  title: string;
  description: string;
}) {
  const remove = useRemoveContent();
  const name = TYPE_NAMES[type];

  async function handleConfirm() {
    try {
      await remove.mutateAsync({ type, id });
      toast.success(`${name.charAt(0).toUpperCase()}${name.slice(1)} removed`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'That did not work. Please try again.');
      throw error;
    }
  }

  return (
    <ConfirmDialog
      title={title}
      description={description}
      confirmText="Remove"
      onConfirm={handleConfirm}
      trigger={
        <Button size="sm" variant="destructive" className="shrink-0 self-start" aria-label={`Remove this ${name}`}>
          Remove
        </Button>
      }
    />
  );
}

function GroupRow({ group }: { group: AdminGroup }) {
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <Link to={paths.group(group.slug)} className="truncate font-medium hover:underline">
            {group.name}
          </Link>
          <span className="text-sm text-muted-foreground">/group/{group.slug}</span>
          {group.ama ? <Badge tone="info">AMA</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          Hosted by{' '}
          <Link to={paths.profile(group.owner.username)} className="hover:underline">
            @{group.owner.username}
          </Link>
          {' · created '}
          <DateTime value={group.createdAt} /> · {group.subscriberCount} subscribers · {group.memberCount} members ·{' '}
          {group.postCount} posts · {group.questionCount} questions
        </p>
      </div>
      <RemoveButton
        type="group"
        id={group.id}
        title={`Remove the group "${group.name}"?`}
        description="The group is deleted with its posts, questions, sessions, members and subscriptions. This cannot be undone."
      />
    </li>
  );
}

/** An anonymous question comes with no author (ANONYMOUS_AUTHOR: an empty id). */
const isAnonymousQuestion = (item: AdminContentItem) => item.type === 'question' && item.author.id === '';

function ContentRow({ item }: { item: AdminContentItem }) {
  const isAnonymous = isAnonymousQuestion(item);
  const by = isAnonymous ? item.author.name : `@${item.author.username}`;
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">
          {isAnonymous ? (
            <span className="font-medium text-foreground">{item.author.name}</span>
          ) : (
            <Link to={paths.profile(item.author.username)} className="font-medium text-foreground hover:underline">
              @{item.author.username}
            </Link>
          )}
          {' in '}
          <Link to={paths.group(item.group.slug)} className="hover:underline">
            {item.group.name}
          </Link>
          {' · '}
          <DateTime value={item.createdAt} />
          {item.parent ? ` · on a ${item.parent.type}` : null}
          {` · ${String(item.likeCount)} ${item.likeCount === 1 ? 'like' : 'likes'}`}
        </p>
        <p className="mt-1 line-clamp-4 text-sm break-words whitespace-pre-wrap">{item.body}</p>
        {isAnonymous ? <RevealAsker questionId={item.id} /> : null}
      </div>
      <RemoveButton
        type={item.type}
        id={item.id}
        title={`Remove this ${TYPE_NAMES[item.type]} by ${by}?`}
        description={REMOVE_TEXTS[item.type]}
      />
    </li>
  );
}

function GroupsList() {
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query.trim());
  const list = useAdminGroups(q);
  const groups = list.data?.pages.flatMap((page) => page.groups) ?? [];
  return (
    <>
      <div className="max-w-md">
        <TextInput
          label="Search groups by name or address"
          type="search"
          value={query}
          maxLength={200}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {list.isPending ? (
        <ListSkeleton rows={5} hasAvatar={false} label="Loading groups" />
      ) : list.isError ? (
        <LoadError title="Could not load the groups" error={list.error} onRetry={() => void list.refetch()} />
      ) : groups.length === 0 ? (
        <EmptyState
          title="No groups"
          description={q ? 'No group matches this search.' : 'No group was created yet.'}
          icon={<UsersRound />}
        />
      ) : (
        <ul aria-label="Groups" className="divide-y divide-border rounded-lg border border-border">
          {groups.map((group) => (
            <GroupRow key={group.id} group={group} />
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={list.hasNextPage}
        isLoading={list.isFetchingNextPage}
        onLoad={() => void list.fetchNextPage()}
        className="self-center"
        label="Load more groups"
      />
    </>
  );
}

function ContentList({ type }: { type: AdminContentType }) {
  const list = useAdminContent(type);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const label = VIEWS.find((view) => view.value === type)?.label ?? 'Items';
  return (
    <>
      {list.isPending ? (
        <ListSkeleton rows={5} label={`Loading ${label.toLowerCase()}`} />
      ) : list.isError ? (
        <LoadError
          title={`Could not load the ${label.toLowerCase()}`}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState title={`No ${label.toLowerCase()}`} description="Nothing was written yet." icon={<FileText />} />
      ) : (
        <ul aria-label={label} className="divide-y divide-border rounded-lg border border-border">
          {items.map((item) => (
            <ContentRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={list.hasNextPage}
        isLoading={list.isFetchingNextPage}
        onLoad={() => void list.fetchNextPage()}
        className="self-center"
        label={`Load more ${label.toLowerCase()}`}
      />
    </>
  );
}

/** /admin/content: groups, posts, questions, comments and answers, newest first, each removable. */
export function AdminContent() {
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = AdminContentTypeSchema.safeParse(searchParams.get('type'));
  const view: View = parsed.success ? parsed.data : 'group';

  return (
    <div className="flex flex-col gap-4">
      <AdminPageHeader
        title="Groups and content"
        description="Remove a group, or a post, question, comment or answer, as its owner deleting it would."
      />
      <FilterButtons
        label="Show"
        options={VIEWS}
        value={view}
        onChange={(next) => setSearchParams(next === 'group' ? {} : { type: next }, { replace: true })}
      />
      {view === 'group' ? <GroupsList /> : <ContentList key={view} type={view} />}
    </div>
  );
}
