import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';

import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { isGroupNotFound, useGroup } from '#client/features/groups/api/get-group.ts';
import { groupKeys } from '#client/features/groups/api/query-keys.ts';
import { useUpdateGroup } from '#client/features/groups/api/update-group.ts';
import { GroupForm, queueSettingChanges, queueSettingsOf } from '#client/features/groups/components/group-form.tsx';
import { groupChanges, groupFormValues } from '#client/features/groups/utils/group-form-checks.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { paths } from '#client/lib/paths.ts';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';
import type { GroupPageResponse } from '#shared/schemas/groups.ts';

import { GroupNotFound, SignInPrompt, uploadGroupImage } from './compose.tsx';

function EditForm({ page }: { page: GroupPageResponse }) {
  const { group, access } = page;
  const update = useUpdateGroup();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const saved = groupFormValues(group);
  const savedQueue = queueSettingsOf(group);
  const back = paths.group(group.slug);

  if (access.role !== 'host') {
    return (
      <Alert variant="error" title={GROUP_MESSAGES.notHost}>
        <Button asChild variant="outline" size="sm" className="mt-2">
          <Link to={back}>Back to the group</Link>
        </Button>
      </Alert>
    );
  }
  return (
    <GroupForm
      initialValues={saved}
      initialQueueSettings={savedQueue}
      groupId={group.id}
      upload={uploadGroupImage}
      submitLabel="Save changes"
      secondaryAction={
        <Button asChild variant="ghost">
          <Link to={back}>Cancel</Link>
        </Button>
      }
      onSubmit={async (values, queue) => {
        const changes = { ...groupChanges(values, saved), ...queueSettingChanges(queue, savedQueue) };
        if (Object.keys(changes).length === 0) {
          await navigate(back);
          return;
        }
        const next = await update.mutateAsync({ groupId: group.id, changes });
        // The page at a new slug shows at once, without a request.
        queryClient.setQueryData<GroupPageResponse>(groupKeys.bySlug(next.slug), { group: next, access });
        toast.success('Group saved');
        await navigate(paths.group(next.slug), { replace: next.slug !== group.slug });
      }}
    />
  );
}

function EditGroup({ slug }: { slug: string }) {
  const { user, loading } = useSession();
  const query = useGroup(slug);
  useDocumentTitle(query.data ? `Edit ${query.data.group.name}` : 'Edit group');

  if (query.isError && isGroupNotFound(query.error)) return <GroupNotFound />;
  let content;
  if (loading || query.isPending) content = <ListSkeleton rows={3} hasAvatar={false} label="Loading group" />;
  else if (!user) {
    content = <SignInPrompt title="Sign in to edit this group" description="Only the host of a group can edit it." />;
  } else if (query.isError) {
    content = <Alert variant="error" title="This group could not be loaded" description={query.error.message} />;
  } else {
    content = (
      <>
        <h1 className="mb-8 text-2xl font-bold tracking-tight sm:text-3xl">Edit {query.data.group.name}</h1>
        <EditForm page={query.data} />
      </>
    );
  }
  return <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6 sm:py-10">{content}</div>;
}

/** /group/:slug/edit: the host changes the group; a new slug moves the page. */
export function EditGroupRoute() {
  const { slug = '' } = useParams();
  return <EditGroup key={slug.toLowerCase()} slug={slug} />;
}
