import sharp, { type Metadata } from 'sharp';
import {
  AVATAR_SIZES,
  IMAGE_MAX_PIXELS,
  IMAGE_MESSAGES,
  IMAGE_WIDTHS,
  renditionsUpTo,
} from '#shared/lib/image-urls.ts';
import type { ImagePurpose } from '../../db/schema/images.ts';
import { AppError, badRequest, unsupportedMediaType } from '../../lib/errors.ts';
import { sniffImageType, type AcceptedImageType } from './sniff-image-type.ts';

/** WebP quality of every rendition: no visible loss on photos at about a third of JPEG q90's bytes. */
export const WEBP_QUALITY = 80;

/** What sharp calls each accepted type (AVIF is read by libheif, with the AV1 codec). */
const SHARP_FORMATS: Record<AcceptedImageType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'heif',
};

/**
 * How many sharp pipelines run at once in this process, across all uploads. sharp works on
 * libuv's thread pool (4 threads by default), which argon2 password hashing and file access
 * share: two leaves them room, bounds the memory of simultaneous uploads (a decoded 12-megapixel
 * photo is 36 MB a pipeline), and costs little on the small machines Townhall targets.
 */
export const SHARP_PIPELINES_AT_ONCE = 2;

/**
 * How many uploads hold their decoded pixels at once. An upload keeps its place from decoding
 * to its last rendition: were the decoding and the renditions only to queue for pipelines, a
 * burst of uploads would decode every image first and hold all their pixels together.
 */
export const UPLOADS_DECODED_AT_ONCE = 2;

// libvips keeps recent operations and their pixels (up to 50 MB and 100 operations by default)
// to reuse them; no upload is ever processed twice, so the cache only holds memory after a burst.
sharp.cache(false);

/** Runs tasks at most `limit` at a time, first come, first served. */
function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function inSlot<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so `running` stays counted.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

const inPipelineSlot = limiter(SHARP_PIPELINES_AT_ONCE);
// Taken before a pipeline slot and never the other way round, so the two cannot deadlock.
const inUploadSlot = limiter(UPLOADS_DECODED_AT_ONCE);

/** An upload that passed every check before decoding: its type and upright size. */
export interface InspectedImage {
  type: AcceptedImageType;
  /** Width and height after the EXIF orientation is applied. */
  width: number;
  height: number;
}

/** A rendition to make: its name and pixel size. */
export interface PlannedRendition {
  name: string;
  width: number;
  height: number;
}

/** A finished rendition, ready to store. */
export interface Rendition extends PlannedRendition {
  format: 'webp';
  data: Buffer;
}

/**
 * Checks an upload by its content and header only, without decoding its pixels: the type by
 * its magic bytes (then again by sharp's reading of the header), and the pixel count, so a
 * small file declaring 20000 × 20000 pixels (a decompression bomb) is refused before it costs
 * any memory.
 */
export async function inspectImage(input: Buffer): Promise<InspectedImage> {
  const type = sniffImageType(input);
  if (!type) throw unsupportedMediaType(IMAGE_MESSAGES.wrongType);
  let metadata: Metadata;
  try {
    // Reads the header only; limitInputPixels refuses a bomb here, before any pixel is decoded.
    metadata = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS }).metadata();
  } catch (error) {
    if (error instanceof Error && error.message.includes('pixel limit')) throw badRequest(IMAGE_MESSAGES.tooManyPixels);
    throw badRequest(IMAGE_MESSAGES.damaged);
  }
  // The magic bytes and the decoder must agree: an AVIF brand on HEVC data is a HEIC, say.
  if (metadata.format !== SHARP_FORMATS[type] || (type === 'image/avif' && metadata.compression !== 'av1')) {
    throw unsupportedMediaType(IMAGE_MESSAGES.wrongType);
  }
  const { width, height } = metadata.autoOrient;
  if (!width || !height) throw badRequest(IMAGE_MESSAGES.damaged);
  if (width * height > IMAGE_MAX_PIXELS) throw badRequest(IMAGE_MESSAGES.tooManyPixels);
  return { type, width, height };
}

/**
 * The renditions of an image, never upscaled. Avatars: the squares of AVATAR_SIZES up to the
 * short side (at least s16, the one size a tiny picture is enlarged to). Group and post
 * images: the widths of IMAGE_WIDTHS up to the image's width, or the image's own width when it
 * is narrower than 640. Always a full ladder (`renditionsUpTo`), so the largest name tells the
 * client every file that exists.
 */
export function planRenditions(purpose: ImagePurpose, width: number, height: number): PlannedRendition[] {
  if (purpose === 'avatar') {
    const shortSide = Math.min(width, height);
    const largest = AVATAR_SIZES.filter((size) => size <= shortSide).at(-1) ?? AVATAR_SIZES[0];
    return renditionsUpTo(`s${largest}`).map(({ name, width: size }) => ({ name, width: size, height: size }));
  }
  const largest = IMAGE_WIDTHS.filter((size) => size <= width).at(-1) ?? width;
  return renditionsUpTo(`w${largest}`).map(({ name, width: size }) => ({
    name,
    width: size,
    height: Math.max(1, Math.round((height * size) / width)),
  }));
}

/**
 * Decodes the upload once: shrunk while decoding where the format allows (JPEG, WebP), turned
 * upright by its EXIF orientation and cropped to the largest rendition, into raw sRGB pixels.
 * Every rendition is then made from those pixels, not from the upload, so a 12-megapixel photo
 * is decoded once instead of once per size. Metadata (EXIF, GPS, XMP, ICC) is not copied: the
 * raw pixels carry none. Animated GIF and WebP keep their first frame only. sharp works on
 * libuv's thread pool, never on the event loop.
 */
export async function renderImage(input: Buffer, renditions: PlannedRendition[]): Promise<Rendition[]> {
  const largestFirst = [...renditions].sort((a, b) => b.width * b.height - a.width * a.height);
  const largest = largestFirst[0];
  if (!largest) return [];
  try {
    const done = await inUploadSlot(async () => {
      const base = await inPipelineSlot(() =>
        sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'warning', pages: 1 })
          .rotate()
          .resize(largest.width, largest.height, { fit: 'cover', position: 'centre' })
          .toColourspace('srgb')
          .raw({ depth: 'uchar' })
          .toBuffer({ resolveWithObject: true }),
      );
      const { width, height, channels } = base.info;
      return Promise.all(
        largestFirst.map(async (rendition) => {
          const data = await inPipelineSlot(() => {
            const pixels = sharp(base.data, { raw: { width, height, channels } });
            const sized =
              rendition.width === width && rendition.height === height
                ? pixels
                : pixels.resize(rendition.width, rendition.height, { fit: 'cover', position: 'centre' });
            return sized.webp({ quality: WEBP_QUALITY }).toBuffer();
          });
          return { ...rendition, format: 'webp' as const, data };
        }),
      );
    });
    return done.sort((a, b) => a.width - b.width);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // libvips says "Premature end of JPEG file", "Read error", "bad seek" …: the file, not us.
    throw badRequest(IMAGE_MESSAGES.damaged);
  }
}
