import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '#client/lib/api-client.ts';
import { IMAGE_MESSAGES } from '#shared/lib/image-urls.ts';

import { uploadImage } from './upload-image.ts';

const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
const answer = {
  id,
  url: `/media/images/${id}/s32.webp`,
  width: 40,
  height: 40,
  variants: [
    { name: 's16', format: 'webp', width: 16, height: 16, url: `/media/images/${id}/s16.webp` },
    { name: 's32', format: 'webp', width: 32, height: 32, url: `/media/images/${id}/s32.webp` },
  ],
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('uploadImage', () => {
  it('posts the file as multipart form data (part "file") and returns the parsed answer', async () => {
    fetchMock.mockResolvedValue(json(answer, 201));
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });

    await expect(uploadImage(file, 'avatar')).resolves.toEqual(answer);

    const [path, init] = fetchMock.mock.lastCall ?? [];
    expect(path).toBe('/api/images?purpose=avatar');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeInstanceOf(FormData);
    const sent = (init?.body as FormData).get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('me.jpg');
    // The browser writes the multipart Content-Type with its boundary; setting one would break it.
    expect(new Headers(init?.headers).get('content-type')).toBeNull();
  });

  it("turns the server's refusal into an ApiError with its message", async () => {
    fetchMock.mockResolvedValue(
      json({ error: { code: 'unsupported_media_type', message: IMAGE_MESSAGES.wrongType } }, 415),
    );
    const error = await uploadImage(new Blob(['<svg/>']), 'post').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 415, code: 'unsupported_media_type', message: IMAGE_MESSAGES.wrongType });
  });

  it('refuses a file over 10 MB without sending it', async () => {
    const big = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]);
    await expect(uploadImage(big, 'post')).rejects.toMatchObject({ status: 413, message: IMAGE_MESSAGES.tooManyBytes });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
