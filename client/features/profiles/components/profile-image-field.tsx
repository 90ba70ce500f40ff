import { ImageUp, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';

import { Alert } from '#client/components/ui/alert.tsx';
import { Avatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { useUpdateProfile } from '#client/features/profiles/api/update-profile.ts';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '#shared/lib/image-urls.ts';
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

// What the server accepts (it decides by the content; the browser's type only comes from the name).
const ACCEPTED_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
]);

/** The server's own refusal of a file that is surely refused, before its bytes are sent. */
function fileProblem(file: File): string | null {
  if (file.type !== '' && !ACCEPTED_TYPES.has(file.type)) return IMAGE_MESSAGES.wrongType;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_MESSAGES.tooManyBytes;
  return null;
}

function previewUrl(file: File): string | null {
  // jsdom and very old browsers have no object URLs; the upload works without a preview.
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

/**
 * The profile picture: pick an image, see it at once, and it is uploaded (with progress) and saved
 * as the profile's picture; or remove it, back to the initials. The server's refusal ('not an
 * image', too large) is shown in its own words.
 */
export function ProfileImageField({ userId, profile, upload }: ProfileImageFieldProps) {
  const update = useUpdateProfile();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [preview, setPreview] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const statusId = useId();
  const isBusy = status.kind !== 'idle';

  // The preview's object URL holds the file in memory until it is let go.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file picked again must fire change again.
    event.target.value = '';
    if (!file) return;
    const problem = fileProblem(file);
    setFailure(problem);
    if (problem) return;
    setPreview(previewUrl(file));
    setStatus({ kind: 'uploading', progress: null });
    try {
      const image = await upload(file, {
        onProgress: (fraction) => setStatus({ kind: 'uploading', progress: fraction }),
      });
      setStatus({ kind: 'saving' });
      await update.mutateAsync({ userId, changes: { profileImageURL: image.url } });
      toast.success('Profile picture updated');
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Something went wrong');
    } finally {
      setStatus({ kind: 'idle' });
      setPreview(null);
    }
  }

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
              onClick={() => input.current?.click()}
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
        ref={input}
        type="file"
        accept="image/*"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void handleFile(event)}
      />
    </div>
  );
}
