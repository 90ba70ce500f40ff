/**
 * The one contract between the image pipeline (server/features/images), the API and the
 * client: where renditions of an uploaded image live and how to build srcset from them.
 * Spec section 9: image widths 640 to 3840 (the device widths below), sizes 16 to 384.
 */

/** Widths of the renditions of group and post images (never upscaled). */
export const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
/** Square renditions of avatars, in CSS pixels × density (16 … 384). */
export const AVATAR_SIZES = [16, 32, 48, 64, 96, 128, 256, 384] as const;

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
