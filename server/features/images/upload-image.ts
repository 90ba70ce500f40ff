import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { images, type ImagePurpose } from '../../db/schema/index.ts';
import { IMAGE_MESSAGES } from '#shared/lib/image-urls.ts';
import { unsupportedMediaType } from '../../lib/errors.ts';
import type { ImageStorage } from './image-storage.ts';
import type { ImageWorker } from './image-worker.ts';
import { sniffImageType } from './sniff-image-type.ts';

/** Storage key of one rendition: the same path as its URL after /media/. */
export const renditionKey = (imageId: string, name: string, format: string) => `images/${imageId}/${name}.${format}`;

/**
 * Checks, cleans and resizes an upload, stores its renditions, then records the image. The
 * magic bytes are checked here, so a file that is no image never starts the image process;
 * the header, the pixel limit and every pixel are dealt with in that process (image-worker.ts),
 * whose memory goes back to the system when it exits. The files are written first and the row
 * last, so a row always has its files; when anything fails the files written so far are removed
 * and nothing is recorded.
 */
export async function uploadImage(options: {
  db: Database;
  storage: ImageStorage;
  ownerId: string;
  purpose: ImagePurpose;
  data: Buffer;
  /** The child process that decodes and encodes images. */
  worker: ImageWorker;
  /** Where a failed clean-up is reported (files left behind are harmless but worth knowing of). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}): Promise<typeof images.$inferSelect> {
  const { db, storage, ownerId, purpose, data, worker, log } = options;
  if (!sniffImageType(data)) throw unsupportedMediaType(IMAGE_MESSAGES.wrongType);
  const { inspected, renditions } = await worker.process(data, purpose);

  const id = randomUUID();
  try {
    const writes = await Promise.allSettled(
      renditions.map((rendition) =>
        storage.put(renditionKey(id, rendition.name, rendition.format), rendition.data, `image/${rendition.format}`),
      ),
    );
    const failed = writes.find((write) => write.status === 'rejected');
    if (failed) throw failed.reason;
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(images)
        .values({
          id,
          ownerId,
          purpose,
          sourceType: inspected.type,
          sourceBytes: data.length,
          width: inspected.width,
          height: inspected.height,
          variants: renditions.map(({ name, format, width, height, data: bytes }) => ({
            name,
            format,
            width,
            height,
            bytes: bytes.length,
          })),
          storage: storage.kind,
        })
        .returning();
      if (!row) throw new Error('The image row was not written');
      return row;
    });
  } catch (error) {
    await storage.delete(`images/${id}/`).catch((cleanupError: unknown) => {
      log?.warn({ err: cleanupError, imageId: id }, 'could not remove the files of a failed upload');
    });
    throw error;
  }
}
