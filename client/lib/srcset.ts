import { imageVariantUrl, parseImageUrl, renditionsUpTo } from '#shared/lib/image-urls.ts';

/** The attributes of a responsive <img>: a fallback `src`, the `srcSet` and the `sizes` it is shown at. */
export interface ResponsiveImage {
  src: string;
  srcSet: string;
  sizes: string;
}

/**
 * Builds srcset from one of our image URLs. The stored URL names the largest rendition and the
 * server keeps every standard one below it (`renditionsUpTo`), so nothing listed is missing.
 * Null for any other URL: show it as a plain `src`.
 */
function responsive(url: string, sizes: string, fallbackWidth: number): ResponsiveImage | null {
  const parsed = parseImageUrl(url);
  if (!parsed) return null;
  const renditions = renditionsUpTo(parsed.name);
  const urlOf = (name: string) => imageVariantUrl(parsed.imageId, name, parsed.format);
  // For browsers without srcset (and crawlers): the smallest rendition at least as wide as the fallback width.
  const fallback = renditions.find((item) => item.width >= fallbackWidth) ?? renditions.at(-1);
  return {
    src: fallback ? urlOf(fallback.name) : url,
    srcSet: renditions.map((item) => `${urlOf(item.name)} ${item.width}w`).join(', '),
    sizes,
  };
}

/**
 * srcset for a group or post image (widths 640 … 3840). `sizes` says how wide it shows, e.g.
 * '(min-width: 768px) 640px, 100vw'; the browser multiplies by the screen's density.
 */
export function imageSrcSet(url: string, sizes = '100vw'): ResponsiveImage | null {
  return responsive(url, sizes, 1080);
}

/** srcset for an avatar shown `cssPixels` wide (squares 16 … 384; 2× and 3× screens take the larger). */
export function avatarSrcSet(url: string, cssPixels: number): ResponsiveImage | null {
  return responsive(url, `${cssPixels}px`, cssPixels * 2);
}
