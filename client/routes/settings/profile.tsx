import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';

import { Alert } from '#client/components/ui/alert.tsx';
import { useSession } from '#client/features/accounts/hooks/use-session.ts';
import { uploadImage } from '#client/features/images/api/upload-image.ts';
import { ProfileForm } from '#client/features/profiles/components/profile-form.tsx';
import { ProfileImageField, type UploadAvatar } from '#client/features/profiles/components/profile-image-field.tsx';
import { useDocumentTitle } from '#client/hooks/use-document-title.ts';
import { paths } from '#client/lib/paths.ts';

// The images feature stores the picture; the profile keeps its URL. (No upload progress: fetch reports none.)
const uploadAvatar: UploadAvatar = (file) => uploadImage(file, 'avatar');

/** /settings/profile: picture, name, username and quote: what others see on the profile page. */
export function ProfileSettingsRoute() {
  const { user } = useSession();
  const profile = user?.profile;
  useDocumentTitle('Edit profile');

  if (!user || !profile) {
    // The profile did not load (profile: null): there is nothing to edit.
    return (
      <Alert
        variant="error"
        title="User profile not found"
        description="Your profile could not be loaded. Reload the page to try again."
      />
    );
  }
  return (
    <div className="grid max-w-xl gap-8">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">Profile</h2>
        <p className="text-sm text-muted-foreground">
          What others see on{' '}
          <Link
            to={paths.profile(profile.username)}
            className="inline-flex items-center gap-1 font-medium text-link underline-offset-4 hover:underline"
          >
            your profile page
            <ExternalLink aria-hidden className="size-3" />
          </Link>
          .
        </p>
      </div>
      <section aria-labelledby="settings-profile-picture" className="grid gap-3">
        <h3 id="settings-profile-picture" className="text-base font-semibold">
          Profile picture
        </h3>
        <ProfileImageField userId={user.id} profile={profile} upload={uploadAvatar} />
      </section>
      <section aria-labelledby="settings-profile-details" className="grid gap-3">
        <h3 id="settings-profile-details" className="text-base font-semibold">
          About you
        </h3>
        {/* Keyed by the person: another account signing in on this page starts from its own values. */}
        <ProfileForm key={user.id} userId={user.id} profile={profile} />
      </section>
    </div>
  );
}
