import { ImagePlus, X } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';

import { Button } from '#client/components/ui/button.tsx';
import { TextArea } from '#client/components/ui/text-area.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { isGateError, runGated, useGroupGate } from '#client/features/gate/index.ts';
import { useCreatePost } from '#client/features/posts/api/create-post.ts';
import { CONTENT_MESSAGES } from '#shared/constants/content-messages.ts';
import { CONTENT_LIMITS } from '#shared/constants/limits.ts';

/** Uploads one picked image for a post and gives back its stored URL (the route hands it in). */
export type UploadPostImage = (file: File) => Promise<{ url: string }>;

type Attachment = { key: string; url: string | null; preview: string; name: string };

// A local preview shows while the upload runs (where the browser can make one).
function previewOf(file: File): string {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
}

function revokePreview(preview: string) {
  if (preview.startsWith('blob:')) URL.revokeObjectURL(preview);
}

/**
 * Write a post: text with a counter, up to 10 images (each uploaded as picked), 'Post'. Someone
 * who may not post (signed out, a guest) meets the gate as soon as they click into it.
 */
export function PostComposer({
  groupId,
  canPost,
  upload,
}: {
  groupId: string;
  canPost: boolean;
  upload: UploadPostImage;
}) {
  const gate = useGroupGate();
  const create = useCreatePost(groupId);
  const [body, setBody] = useState('');
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [isSending, setIsSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);

  const isUploading = attachments.some((item) => item.url === null);
  const isEmpty = body.trim() === '' && attachments.length === 0;
  const isTooLong = body.length > CONTENT_LIMITS.postBodyMax;
  const askGate = () => void gate('post', 'posts', () => textArea.current?.focus());

  async function handleFiles(files: FileList | null) {
    const picked = [...(files ?? [])];
    if (fileInput.current) fileInput.current.value = '';
    const room = CONTENT_LIMITS.postImagesMax - attachments.length;
    if (picked.length > room) toast.error(CONTENT_MESSAGES.tooManyImages);
    const accepted = picked.slice(0, Math.max(room, 0)).map((file) => ({
      key: crypto.randomUUID(),
      url: null,
      preview: previewOf(file),
      name: file.name,
      file,
    }));
    setAttachments((before) => [...before, ...accepted.map(({ file: _file, ...item }) => item)]);
    await Promise.all(
      accepted.map(async ({ key, file }) => {
        try {
          const image = await upload(file);
          setAttachments((before) => before.map((item) => (item.key === key ? { ...item, url: image.url } : item)));
        } catch (error) {
          setAttachments((before) => before.filter((item) => item.key !== key));
          toast.error(`Could not upload ${file.name}`, { description: error instanceof Error ? error.message : '' });
        }
      }),
    );
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (isSending || isUploading || isEmpty || isTooLong) return;
    setIsSending(true);
    const images = attachments.flatMap((item) => (item.url ? [item.url] : []));
    const sent = attachments;
    try {
      await runGated(gate, 'post', 'posts', async () => {
        await create.mutateAsync({ body: body.trim(), images }).catch((error: Error) => {
          if (!isGateError(error)) toast.error('Could not post', { description: error.message });
          throw error;
        });
        // Emptied here, not after the gate: a post the subscribe gate holds is sent later.
        for (const item of sent) revokePreview(item.preview);
        setBody('');
        setAttachments([]);
      });
    } catch {
      // Not sent: the text and images stay.
    } finally {
      setIsSending(false);
    }
  }

  return (
    <form className="grid gap-2 rounded-lg border bg-card p-3" onSubmit={(event) => void handleSubmit(event)}>
      <TextArea
        ref={textArea}
        label="Write a post"
        hideLabel
        placeholder="Share something with the group…"
        value={body}
        maxLength={CONTENT_LIMITS.postBodyMax}
        readOnly={!canPost}
        onClick={canPost ? undefined : askGate}
        onKeyDown={(event) => {
          if (!canPost && event.key !== 'Tab') askGate();
        }}
        onChange={(event) => setBody(event.target.value)}
      />
      {attachments.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Attached images">
          {attachments.map((item, index) => (
            <li key={item.key} className="relative">
              {item.preview || item.url ? (
                <img
                  src={item.preview || item.url || undefined}
                  alt={`Attached image ${String(index + 1)}`}
                  className="size-20 rounded-md object-cover"
                  aria-busy={item.url === null || undefined}
                />
              ) : (
                <div
                  className="size-20 animate-pulse rounded-md bg-muted"
                  role="img"
                  aria-label={`Attached image ${String(index + 1)}`}
                  aria-busy
                />
              )}
              <Button
                type="button"
                size="icon"
                variant="secondary"
                className="absolute -top-2 -right-2 size-6 rounded-full"
                aria-label={`Remove image ${String(index + 1)}`}
                onClick={() => {
                  revokePreview(item.preview);
                  setAttachments((before) => before.filter((other) => other.key !== item.key));
                }}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          hidden
          data-testid="post-image-input"
          onChange={(event) => void handleFiles(event.target.files)}
        />
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={attachments.length >= CONTENT_LIMITS.postImagesMax}
          onClick={() => void gate('attach_image', 'posts', () => fileInput.current?.click())}
        >
          <ImagePlus aria-hidden />
          Add images
        </Button>
        <Button
          type="submit"
          size="sm"
          isLoading={isSending}
          disabled={canPost && (isEmpty || isTooLong || isUploading)}
          onClick={(event) => {
            if (!canPost) {
              event.preventDefault();
              askGate();
            }
          }}
        >
          Post
        </Button>
      </div>
    </form>
  );
}
