import { ApiError, apiRequest } from '#client/lib/api-client.ts';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '#shared/lib/image-urls.ts';
import type { ImageUploadResponse } from '#shared/schemas/profiles.ts';

/** What an image is for: each purpose gets its own renditions (avatars are squares). */
export type ImagePurpose = 'avatar' | 'group' | 'post';

/**
 * POST /api/images?purpose=…: sends one picked file as multipart/form-data (part `file`) and
 * returns the stored image; its `url` names the largest rendition and is what a profile, group
 * or post keeps. A file over 10 MB is refused here without sending it; every other check (type
 * by content, pixel count, damage) is the server's, whose message arrives as an ApiError.
 */
export async function uploadImage(
  file: Blob,
  purpose: ImagePurpose,
  options: { signal?: AbortSignal } = {},
): Promise<ImageUploadResponse> {
  if (file.size > IMAGE_MAX_BYTES) {
    throw new ApiError({ status: 413, code: 'payload_too_large', message: IMAGE_MESSAGES.tooManyBytes });
  }
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'image');
  return apiRequest<ImageUploadResponse>(`/api/images?purpose=${purpose}`, {
    method: 'POST',
    form,
    signal: options.signal,
  });
}
