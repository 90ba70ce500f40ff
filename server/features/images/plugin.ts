import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalStorage, createS3Storage, type ImageStorage } from './image-storage.ts';
import { ImageWorker } from './image-worker.ts';
import { imageRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Image renditions: `upload` is where new ones go, `byKind` reads each image where its row says. */
    imageStorage: { upload: ImageStorage; byKind: Partial<Record<ImageStorage['kind'], ImageStorage>> };
    /** The short-lived child process that decodes and encodes uploads. */
    imageWorker: ImageWorker;
  }
}

/**
 * Image uploads and the serving of their renditions. New images go to the S3-compatible bucket
 * when S3_* is configured, else to DATA_DIR/media; images stored locally before a switch to S3
 * are still served from disk. Uploads are decoded and encoded in a child process that exits
 * when idle (image-worker.ts).
 */
export const imagesPlugin = fp(
  async (app: FastifyInstance) => {
    const local = createLocalStorage(path.join(app.config.dataDir, 'media'));
    const s3 = app.config.s3 ? createS3Storage(app.config.s3) : undefined;
    app.decorate('imageStorage', { upload: s3 ?? local, byKind: { local, ...(s3 ? { s3 } : {}) } });
    app.decorate('imageWorker', new ImageWorker({ log: app.log }));
    app.addHook('onClose', async () => {
      s3?.client.destroy();
      await app.imageWorker.close();
    });
    await app.register(imageRoutes);
  },
  { name: 'images', dependencies: ['database', 'viewer', 'rate-limit', 'accounts'] },
);
