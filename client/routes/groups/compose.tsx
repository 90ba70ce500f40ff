import { useEffect } from 'react';
import { Link } from 'react-router';

import { useSignInModal } from '#client/features/accounts/components/sign-in-modal.tsx';
import { Button } from '#client/components/ui/button.tsx';
import type { RenderPersonLink } from '#client/features/groups/components/members-panel.tsx';
import { uploadImage } from '#client/features/images/api/upload-image.ts';
import { PersonLink } from '#client/features/profiles/components/person-hover-card.tsx';
import { paths } from '#client/lib/paths.ts';
import { GROUP_MESSAGES } from '#shared/constants/group-messages.ts';

// The groups feature shows people and takes pictures without knowing the profiles and images
// features: the pages hand it these.

/** A person's name linking to their profile, with their hover card. */
export const renderPersonLink: RenderPersonLink = ({ username, name }) => (
  <PersonLink username={username}>{name}</PersonLink>
);

/** Uploads a group's picture (purpose 'group': its own renditions). */
export const uploadGroupImage = (file: File) => uploadImage(file, 'group');

/** Uploads one of a post's images (purpose 'post'). */
export const uploadPostImage = (file: File) => uploadImage(file, 'post');

/** Shown to a signed-out person on a page that needs an account; the sign-in modal opens once on arrival. */
export function SignInPrompt({ title, description }: { title: string; description: string }) {
  const { openSignIn } = useSignInModal();
  useEffect(() => {
    openSignIn();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="rounded-lg border bg-card p-6 text-card-foreground">
      <h1 className="text-lg font-semibold">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{description}</p>
      <Button className="mt-4" onClick={openSignIn}>
        Sign in
      </Button>
    </div>
  );
}

/** The page of a slug no group has. */
export function GroupNotFound() {
  return (
    <div className="flex min-h-[50dvh] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md text-center">
        <p className="text-sm font-semibold text-link">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{GROUP_MESSAGES.notFound}</h1>
        <p className="mt-4 text-muted-foreground">
          No group lives at this address. It may have moved to another slug, or been deleted.
        </p>
        <Button asChild className="mt-8">
          <Link to={paths.groups()}>See all groups</Link>
        </Button>
      </div>
    </div>
  );
}
