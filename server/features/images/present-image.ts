import { imageVariantUrl } from '#shared/lib/image-urls.ts';
import type { ImageUploadResponse } from '#shared/schemas/profiles.ts';
import type { images } from '../../db/schema/index.ts';

type ImageRow = typeof images.$inferSelect;

/** An image as the API shows it: its renditions by URL, the largest one as `url` (what gets stored). */
export function presentImage(row: ImageRow): ImageUploadResponse {
  const variants = row.variants.map((variant) => ({
    name: variant.name,
    format: variant.format,
    width: variant.width,
    height: variant.height,
    url: imageVariantUrl(row.id, variant.name, variant.format),
  }));
  const largest = variants.at(-1);
  if (!largest) throw new Error(`Image ${row.id} has no renditions`);
  return { id: row.id, url: largest.url, width: row.width, height: row.height, variants };
}
