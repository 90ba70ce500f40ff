/**
 * The one contract between the image pipeline (server/features/images), the API and the
 * client: where renditions of an uploaded image live and how to build srcset from them.
 * Image widths are 640 to 3840 (the device widths below), sizes 16 to 384.
 */

/** Widths of the renditions of group and post images (never upscaled). */
export const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
/** Square renditions of avatars, in CSS pixels × density (16 … 384). */
export const AVATAR_SIZES = [16, 32, 48, 64, 96, 128, 256, 384] as const;

/** Largest upload accepted, in bytes (10 MB). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Largest picture accepted, in pixels (width × height): more is refused before decoding (decompression bombs). */
export const IMAGE_MAX_PIXELS = 50_000_000;

/** What people read when an upload is refused; the client checks the first two before sending. */
export const IMAGE_MESSAGES = {
  wrongType: 'Upload a JPEG, PNG, WebP, GIF or AVIF image.',
  tooManyBytes: 'Images can be at most 10 MB.',
  tooManyPixels: 'This image has too many pixels: at most 50 megapixels (for example 8000 × 6000).',
  damaged: 'This image is damaged or incomplete and could not be read. Try another file.',
  missingFile: 'Choose an image to upload.',
} as const;

/** Prefix of every image URL Townhall serves; never anything else is stored as an image URL. */
export const IMAGE_URL_PREFIX = '/media/images/';

/** URL of one rendition: `/media/images/{id}/{name}.{format}` (name 'w640' or 's96'). */
export function imageVariantUrl(imageId: string, name: string, format: 'webp' | 'avif' = 'webp'): string {
  return `${IMAGE_URL_PREFIX}${imageId}/${name}.${format}`;
}

const IMAGE_URL =
  /^\/media\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([ws]\d{1,4})\.(webp|avif)$/;

/** The image id and rendition of one of our image URLs, or null for anything else. */
export function parseImageUrl(url: string): { imageId: string; name: string; format: 'webp' | 'avif' } | null {
  const match = IMAGE_URL.exec(url);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  return { imageId: match[1], name: match[2], format: match[3] as 'webp' | 'avif' };
}

/** One rendition of an image as srcset needs it: its name ('w828', 's96') and width in pixels. */
export interface ImageRendition {
  name: string;
  width: number;
}

/**
 * Every rendition that exists beside the named one. The server stores, for an image whose
 * largest rendition is `w{N}` (or `s{N}`), exactly the standard widths (sizes) below N and N
 * itself (N is the source's own width when it is below 640 px), so the one stored URL tells the
 * client the whole set and it never asks for a file that is not there.
 */
export function renditionsUpTo(name: string): ImageRendition[] {
  const match = /^([ws])(\d{1,4})$/.exec(name);
  if (!match?.[1] || !match[2]) return [];
  const largest = Number(match[2]);
  const ladder: readonly number[] = match[1] === 'w' ? IMAGE_WIDTHS : AVATAR_SIZES;
  const widths = [...ladder.filter((width) => width < largest), largest];
  return widths.map((width) => ({ name: `${match[1]}${width}`, width }));
}
