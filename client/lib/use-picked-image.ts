import { useEffect, useRef, useState, type ChangeEvent } from 'react';

import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '#shared/lib/image-urls.ts';

// What the server accepts (it decides by the content; the browser's type only comes from the name).
const ACCEPTED_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
]);

/** The server's own refusal of a file that is surely refused, before its bytes are sent. */
export function imageFileProblem(file: File): string | null {
  if (file.type !== '' && !ACCEPTED_TYPES.has(file.type)) return IMAGE_MESSAGES.wrongType;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_MESSAGES.tooManyBytes;
  return null;
}

function previewUrl(file: File): string | null {
  // jsdom and very old browsers have no object URLs; the upload works without a preview.
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

/**
 * A picture picked in an image field's hidden file input (`inputRef`, opened by a button;
 * `onFileChange` is its change handler). A file the server surely refuses is refused at once in the
 * server's words; any other is shown as `preview` while `send` uploads (and saves) it, and what
 * `send` throws becomes the `failure` to show.
 */
export function usePickedImage(send: (file: File) => Promise<void>) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

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
    const problem = imageFileProblem(file);
    setFailure(problem);
    if (problem) return;
    setPreview(previewUrl(file));
    try {
      await send(file);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Something went wrong');
    } finally {
      setPreview(null);
    }
  }

  return {
    inputRef,
    preview,
    failure,
    setFailure,
    onFileChange: (event: ChangeEvent<HTMLInputElement>) => void handleFile(event),
  };
}
