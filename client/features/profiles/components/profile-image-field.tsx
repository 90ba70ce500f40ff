import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';

import { Alert } from '#client/components/ui/alert.tsx';
import { Avatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { useUpdateProfile } from '#client/features/profiles/api/update-profile.ts';
import { usePickedImage } from '#client/lib/use-picked-image.ts';
import type { Profile } from '#shared/schemas/accounts.ts';

/** Options an upload may honour: progress (0 to 1) as the bytes leave. */
export type UploadOptions = { onProgress?: (fraction: number) => void };

/**
 * Uploads a picked picture and answers the URL to store (the images API's `url`). Given by the
 * page, which composes the images feature; without progress reports the field just says 'Uploading…'.
 */
export type UploadAvatar = (file: File, options: UploadOptions) => Promise<{ url: string }>;

/** Props of ProfileImageField. */
export type ProfileImageFieldProps = {
  userId: string;
  profile: Profile;
  upload: UploadAvatar;
};

type Status = { kind: 'idle' } | { kind: 'uploading'; progress: number | null } | { kind: 'saving' };

/**
 * The profile picture: pick an image, see it at once, and it is uploaded (with progress) and saved
 * as the profile's picture; or remove it, back to the initials. The server's refusal ('not an
 * image', too large) is shown in its own words.
 */
export function ProfileImageField({ userId, profile, upload }: ProfileImageFieldProps) {
  const update = useUpdateProfile();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const { inputRef, preview, failure, setFailure, onFileChange } = usePickedImage(async (file) => {
    setStatus({ kind: 'uploading', progress: null });
    try {
      const image = await upload(file, {
        onProgress: (fraction) => setStatus({ kind: 'uploading', progress: fraction }),
      });
      setStatus({ kind: 'saving' });
      await update.mutateAsync({ userId, changes: { profileImageURL: image.url } });
      toast.success('Profile picture updated');
    } finally {
      setStatus({ kind: 'idle' });
    }
  });
  const statusId = useId();
  const isBusy = status.kind !== 'idle';

  async function handleRemove() {
    setFailure(null);
    setStatus({ kind: 'saving' });
    try {
      await update.mutateAsync({ userId, changes: { profileImageURL: '' } });
      toast.success('Profile picture removed');
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Something went wrong');
    } finally {
      setStatus({ kind: 'idle' });
    }
  }

  let statusText = '';
  if (status.kind === 'uploading')
    statusText = status.progress === null ? 'Uploading…' : `Uploading… ${String(Math.round(status.progress * 100))}%`;
  else if (status.kind === 'saving') statusText = 'Saving…';

  const shown = preview ?? (profile.profileImageURL || null);
  return (
    <div className="grid gap-3">
      {failure ? (
        <Alert variant="error" description={failure} isDismissible isOpen onDismiss={() => setFailure(null)} />
      ) : null}
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <div className="relative" aria-busy={isBusy || undefined}>
          <Avatar
            // A new key: the picture element starts over rather than keep the last one's failed state.
            key={shown ?? 'none'}
            src={shown}
            name={profile.name || profile.username}
            userId={userId}
            alt={preview ? 'Preview of your new profile picture' : 'Your profile picture'}
            size="2xl"
            className="size-24 text-3xl"
          />
          {isBusy ? <span className="absolute inset-0 rounded-full bg-background/50" aria-hidden="true" /> : null}
        </div>
        <div className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              isLoading={status.kind === 'uploading'}
              disabled={isBusy}
              aria-describedby={`${statusId}-hint`}
              onClick={() => inputRef.current?.click()}
            >
              {status.kind === 'uploading' ? null : <ImageUp aria-hidden />}
              Upload picture
            </Button>
            {profile.profileImageURL ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={isBusy}
                isLoading={status.kind === 'saving' && !preview}
                onClick={() => void handleRemove()}
              >
                {status.kind === 'saving' && !preview ? null : <Trash2 aria-hidden />}
                Remove picture
              </Button>
            ) : null}
          </div>
          <p id={`${statusId}-hint`} className="text-xs text-muted-foreground">
            JPEG, PNG, WebP, GIF or AVIF, up to 10 MB. It is shown as a circle.
          </p>
          <p role="status" className="text-sm text-muted-foreground">
            {statusText}
          </p>
          {status.kind === 'uploading' && status.progress !== null ? (
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(status.progress * 100)}
              className="h-1.5 w-48 overflow-hidden rounded-full bg-muted"
            >
              <div
                className="h-full bg-primary transition-[width]"
                style={{ width: `${String(status.progress * 100)}%` }}
              />
            </div>
          ) : null}
        </div>
      </div>
      {/* Opened by the button above: a file input cannot be styled, and this keeps one tab stop. */}
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onFileChange}
      />
    </div>
  );
}
