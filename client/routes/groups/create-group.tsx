import { useNavigate } from 'react-router';

import { ListSkeleton } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { useCreateGroup } from '#client/features/groups/api/create-group.ts';
import { GroupForm, NO_QUEUE_SETTINGS, queueSettingChanges } from '#client/features/groups/components/group-form.tsx';
import { EMPTY_GROUP_FORM } from '#client/features/groups/utils/group-form-checks.ts';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { paths } from '#client/lib/paths.ts';

import { SignInPrompt, uploadGroupImage } from './compose.tsx';

/** /create: a new group hosted by the signed-in person; signed out, a prompt and the sign-in modal. */
export function CreateGroupRoute() {
  const { user, loading } = useSession();
  const create = useCreateGroup();
  const navigate = useNavigate();
  useDocumentTitle('Create a group');

  let content;
  if (loading) content = <ListSkeleton rows={2} hasAvatar={false} label="Loading" />;
  else if (!user) {
    content = (
      <SignInPrompt
        title="Sign in to create a group"
        description="Groups are hosted by a person: sign in, and the group you create is yours."
      />
    );
  } else {
    content = (
      <>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Create a group</h1>
        <p className="mt-2 mb-8 text-muted-foreground">
          A place for your community. People subscribe to like, comment, ask and post.
        </p>
        <GroupForm
          initialValues={EMPTY_GROUP_FORM}
          groupId={null}
          upload={uploadGroupImage}
          submitLabel="Create group"
          onSubmit={async (values, queue) => {
            // only the live Q&A settings turned on: the rest are the server's defaults
            const group = await create.mutateAsync({ ...values, ...queueSettingChanges(queue, NO_QUEUE_SETTINGS) });
            toast.success('Group created', { description: `${group.name} is at ${paths.group(group.slug)}` });
            await navigate(paths.group(group.slug));
          }}
        />
      </>
    );
  }
  return <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6 sm:py-10">{content}</div>;
}
