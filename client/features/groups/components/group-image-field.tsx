import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';

import { Avatar } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { usePickedImage } from '#client/lib/use-picked-image.ts';

/** Uploads a picked picture (purpose 'group') and answers the URL to store; given by the page. */
export type UploadGroupImage = (file: File) => Promise<{ url: string }>;

/** Props of GroupImageField. */
export type GroupImageFieldProps = {
  /** The stored URL, or ''. */
  value: string;
  onChange: (url: string) => void;
  /** The group's name, for the initials shown without a picture. */
  name: string;
  upload: UploadGroupImage;
  /** Reports an upload in progress, so the form waits for it. */
  onBusyChange: (isBusy: boolean) => void;
  /** The server's refusal of the field. */
  error?: string | undefined;
};

/** The group's picture: upload one (seen at once) or remove it; the form saves the URL. */
export function GroupImageField({ value, onChange, name, upload, onBusyChange, error }: GroupImageFieldProps) {
  const [isUploading, setIsUploading] = useState(false);
  const { inputRef, preview, failure, onFileChange } = usePickedImage(async (file) => {
    setIsUploading(true);
    onBusyChange(true);
    try {
      const image = await upload(file);
      onChange(image.url);
    } finally {
      setIsUploading(false);
      onBusyChange(false);
    }
  });
  const id = useId();

  const shown = preview ?? (value || null);
  const message = failure ?? error;
  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}>
      <legend className="mb-1.5 text-sm font-medium">Group image</legend>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <Avatar
          key={shown ?? 'none'}
          src={shown}
          name={name || '?'}
          userId={name}
          alt={shown ? 'Group image' : ''}
          shape="rounded"
          size="2xl"
        />
        <div className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" isLoading={isUploading} onClick={() => inputRef.current?.click()}>
              {isUploading ? null : <ImageUp aria-hidden />}
              {value ? 'Change image' : 'Upload image'}
            </Button>
            {value && !isUploading ? (
              <Button variant="ghost" size="sm" onClick={() => onChange('')}>
                <Trash2 aria-hidden />
                Remove image
              </Button>
            ) : null}
          </div>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            JPEG, PNG, WebP, GIF or AVIF, up to 10 MB.
          </p>
          <p role="status" className="text-sm text-muted-foreground">
            {isUploading ? 'Uploading…' : ''}
          </p>
          {message ? (
            <p id={`${id}-error`} className="text-xs text-error">
              {message}
            </p>
          ) : null}
        </div>
      </div>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="group-image-input"
        onChange={onFileChange}
      />
    </fieldset>
  );
}
