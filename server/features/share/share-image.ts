import { eq } from 'drizzle-orm';
import { parseImageUrl, renditionsUpTo } from '#shared/lib/image-urls.ts';
import type { Queryable } from '../../db/client.ts';
import { images } from '../../db/schema/index.ts';
import type { PostImage } from '../../db/schema/index.ts';
import type { ShareImage } from '../../lib/html-head.ts';

/** The width chat apps' large cards are made for (Facebook's 1200 × 630): no larger file is offered. */
export const SHARE_IMAGE_WIDTH = 1200;

const MEDIA_TYPE = { webp: 'image/webp', avif: 'image/avif' } as const;

/** The most a preview's picture may measure (oEmbed's maxwidth and maxheight), or no limit. */
export type ImageBounds = { maxWidth?: number; maxHeight?: number };

type Rendition = { name: string; width: number; height: number };

/**
 * The rendition to offer: the widest that fits the bounds and is at most 1200 px wide, or
 * null when none fits (a preview then has the site's own picture, or none).
 */
function pick(renditions: Rendition[], bounds: ImageBounds): Rendition | null {
  const fitting = renditions.filter(
    (rendition) =>
      rendition.width <= Math.min(SHARE_IMAGE_WIDTH, bounds.maxWidth ?? Infinity) &&
      rendition.height <= (bounds.maxHeight ?? Infinity),
  );
  const widest = fitting.reduce<Rendition | null>(
    (best, item) => (!best || item.width > best.width ? item : best),
    null,
  );
  if (widest) return widest;
  // only renditions wider than 1200 px, with no bounds asked for: the smallest of them
  if (bounds.maxWidth === undefined && bounds.maxHeight === undefined) {
    return renditions.reduce<Rendition | null>((best, item) => (!best || item.width < best.width ? item : best), null);
  }
  return null;
}

/**
 * The renditions of a stored image URL with their sizes: the ladder its name implies
 * (decision 010: every standard size up to the stored one exists), each sized as the images
 * table lists it, or else from the picture's own shape (renditions keep it; squares are square).
 */
function sizedLadder(name: string, picture: { width: number; height: number }, listed: Rendition[]): Rendition[] {
  const isSquare = name.startsWith('s');
  return renditionsUpTo(name).map((rendition) => {
    const known = listed.find((item) => item.name === rendition.name);
    if (known) return known;
    const height = isSquare ? rendition.width : Math.round((rendition.width * picture.height) / picture.width);
    return { name: rendition.name, width: rendition.width, height };
  });
}

function toShareImage(imageId: string, format: 'webp' | 'avif', rendition: Rendition, publicUrl: string, alt: string) {
  return {
    url: `${publicUrl}/media/images/${imageId}/${rendition.name}.${format}`,
    width: rendition.width,
    height: rendition.height,
    type: MEDIA_TYPE[format],
    alt,
  } satisfies ShareImage;
}

/**
 * A stored image (a group's picture) as a preview picture of known size, read from the images
 * table; null when the URL is not one of ours, its row is gone or has no usable size.
 */
export async function storedShareImage(options: {
  db: Queryable;
  url: string;
  publicUrl: string;
  alt: string;
  bounds?: ImageBounds;
}): Promise<ShareImage | null> {
  const parsed = parseImageUrl(options.url);
  if (!parsed) return null;
  const [row] = await options.db
    .select({ width: images.width, height: images.height, variants: images.variants })
    .from(images)
    .where(eq(images.id, parsed.imageId))
    .limit(1);
  if (!row || row.width <= 0 || row.height <= 0) return null;
  const listed = row.variants.filter((variant) => variant.format === parsed.format);
  const rendition = pick(sizedLadder(parsed.name, row, listed), options.bounds ?? {});
  return rendition ? toShareImage(parsed.imageId, parsed.format, rendition, options.publicUrl, options.alt) : null;
}

/** A post's picture (its row keeps its size) as a preview picture, with no database read. */
export function postShareImage(options: {
  image: PostImage;
  publicUrl: string;
  alt: string;
  bounds?: ImageBounds;
}): ShareImage | null {
  const parsed = parseImageUrl(options.image.url);
  if (!parsed || options.image.width <= 0 || options.image.height <= 0) return null;
  const rendition = pick(sizedLadder(parsed.name, options.image, []), options.bounds ?? {});
  return rendition ? toShareImage(parsed.imageId, parsed.format, rendition, options.publicUrl, options.alt) : null;
}
