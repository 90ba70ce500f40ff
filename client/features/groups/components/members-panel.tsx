import { UserPlus, UsersRound, X } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { LoadMore } from '#client/components/ui/load-more.tsx';
import { EmptyState, ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { TextInput } from '#client/components/ui/text-input.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { useAddGroupMember } from '#client/features/groups/api/add-member.ts';
import { useGroupMembers } from '#client/features/groups/api/get-members.ts';
import { useRemoveGroupMember } from '#client/features/groups/api/remove-member.ts';
import { personName } from '#client/features/groups/utils/format.ts';
import type { GroupPerson } from '#shared/schemas/groups.ts';

/** Renders a person's name as a link (with their hover card), composed by the page. */
export type RenderPersonLink = (person: { username: string; name: string }) => ReactNode;

/** The host's form: add someone as a member by their username. */
function AddMemberForm({ groupId }: { groupId: string }) {
  const add = useAddGroupMember(groupId);
  const [username, setUsername] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // People type '@ada' as often as 'ada'.
    const handle = username.trim().replace(/^@/, '');
    if (handle === '' || add.isPending) return;
    add.mutate(handle, {
      onSuccess: ({ member }) => {
        setUsername('');
        toast.success(`${personName(member)} is now a member`);
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Add a member" className="flex items-start gap-2">
      <TextInput
        label="Add a member by username"
        name="username"
        placeholder="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        value={username}
        error={add.error?.message}
        wrapperClassName="flex-1"
        onChange={(event) => {
          setUsername(event.target.value);
          if (add.isError) add.reset();
        }}
      />
      <Button type="submit" className="mt-6.5" isLoading={add.isPending} disabled={username.trim() === ''}>
        {add.isPending ? null : <UserPlus aria-hidden />}
        Add member
      </Button>
    </form>
  );
}

function MemberRow({
  groupId,
  member,
  isHost,
  renderPersonLink,
}: {
  groupId: string;
  member: GroupPerson;
  isHost: boolean;
  renderPersonLink: RenderPersonLink;
}) {
  const remove = useRemoveGroupMember(groupId);
  const name = personName(member);
  return (
    <li className="flex items-center gap-3 py-3">
      <Avatar src={member.profileImageURL || null} name={member.name || member.username} userId={member.id} alt="" />
      <div className="grid min-w-0 flex-1">
        <span className="truncate font-medium">{renderPersonLink({ username: member.username, name })}</span>
        <span className="truncate text-sm text-muted-foreground">@{member.username}</span>
      </div>
      {isHost ? (
        <Button
          variant="ghost"
          size="sm"
          isLoading={remove.isPending}
          aria-label={`Remove ${name}`}
          onClick={() => remove.mutate({ id: member.id, name })}
        >
          {remove.isPending ? null : <X aria-hidden />}
          Remove
        </Button>
      ) : null}
    </li>
  );
}

/** The Members tab: newest first with 'Load more'; the host adds by username and removes. */
export function MembersPanel({
  groupId,
  isHost,
  renderPersonLink,
}: {
  groupId: string;
  isHost: boolean;
  renderPersonLink: RenderPersonLink;
}) {
  const members = useGroupMembers(groupId);

  let list: ReactNode;
  if (members.isPending) list = <ListSkeleton label="Loading members" />;
  else if (!members.data) {
    list = (
      <LoadError title="Members could not be loaded" error={members.error} onRetry={() => void members.refetch()} />
    );
  } else {
    const rows = members.data.pages.flatMap((page) => page.members);
    list =
      rows.length === 0 ? (
        <EmptyState
          icon={<UsersRound />}
          title="No members yet"
          description={
            isHost ? 'Members you add get full access without subscribing.' : 'Members the host adds show here.'
          }
        />
      ) : (
        <>
          <ul aria-label="Members" className="divide-y">
            {rows.map((member) => (
              <MemberRow
                key={member.id}
                groupId={groupId}
                member={member}
                isHost={isHost}
                renderPersonLink={renderPersonLink}
              />
            ))}
          </ul>
          <LoadMore
            hasMore={members.hasNextPage}
            isLoading={members.isFetchingNextPage}
            onLoad={() => void members.fetchNextPage()}
            error={members.isFetchNextPageError ? members.error : null}
          />
        </>
      );
  }

  return (
    <div className="grid gap-4">
      {isHost ? <AddMemberForm groupId={groupId} /> : null}
      {list}
    </div>
  );
}
