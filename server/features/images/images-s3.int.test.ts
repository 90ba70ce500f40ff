import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES } from '#shared/lib/image-urls.ts';
import { SessionResponseSchema } from '#shared/schemas/accounts.ts';
import { ImageUploadResponseSchema } from '#shared/schemas/profiles.ts';
import type { S3Config } from '../../config/env.ts';
import { images } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { createS3Storage } from './image-storage.ts';
import { exifHasGps, multipart, photoLikeJpeg, solidImage } from './sample-images.ts';

const origin = 'http://townhall.test';
const BUCKET = 'townhall-images';

/**
 * The same upload and serving against a real S3-compatible server: s3rver, an in-process HTTP
 * server implementing the S3 API (signature V4 checked, objects kept in a temporary folder).
 */
describe('images in an S3-compatible bucket', () => {
  let server: S3rver;
  let s3: S3Config;
  let app: FastifyInstance;
  let dataDir: string;
  let bucketDir: string;
  let cookie: string;
  let ownerId: string;

  beforeAll(async () => {
    bucketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townhall-s3rver-'));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townhall-images-s3-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: bucketDir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await server.run();
    // s3rver's fixed credentials; it checks the request signatures made with them.
    s3 = {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: BUCKET,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    };
    app = await buildTestApp({ config: { dataDir, s3 } });
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/accounts/sign-up',
      remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.3`,
      headers: { origin },
      payload: { email: `s3.${id}@example.com`, username: `s3_${id}`, password: 'a fine secret' },
    });
    const session = signUp.cookies.find((item) => item.name === 'townhall.session_token');
    cookie = `${session?.name}=${session?.value}`;
    ownerId = SessionResponseSchema.parse(signUp.json()).user?.id ?? '';
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
    fs.rmSync(bucketDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (data: Buffer | string, purpose = 'post') => {
    const body = multipart([{ name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', data }]);
    return app.inject({
      method: 'POST',
      url: `/api/images?purpose=${purpose}`,
      headers: { origin, cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const bucketKeys = async (prefix = 'images/') => {
    const client = createS3Storage(s3).client;
    try {
      const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
      return (page.Contents ?? []).map((item) => item.Key ?? '').sort();
    } finally {
      client.destroy();
    }
  };

  it('stores every rendition in the bucket, records storage s3, and serves them from there', async () => {
    const response = await upload(await photoLikeJpeg({ width: 1000, height: 700, orientation: 6 }));
    expect(response.statusCode, response.body).toBe(201);
    const image = ImageUploadResponseSchema.parse(response.json());
    expect([image.width, image.height]).toEqual([700, 1000]);
    // 700 px wide: w640 only (the next width, 750, would be an upscale).
    expect(await bucketKeys(`images/${image.id}/`)).toEqual([`images/${image.id}/w640.webp`]);
    const [row] = await app.db.select().from(images).where(eq(images.id, image.id));
    expect(row?.storage).toBe('s3');
    // Nothing went to local disk.
    expect(fs.existsSync(path.join(dataDir, 'media', 'images', image.id))).toBe(false);

    const client = createS3Storage(s3).client;
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `images/${image.id}/w640.webp` }));
      expect(object.ContentType).toBe('image/webp');
    } finally {
      client.destroy();
    }

    const served = await app.inject({ url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers.etag).toBeTruthy();
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([640, 914]);
    expect(exifHasGps(metadata.exif)).toBe(false);
    expect(metadata.exif).toBeUndefined();
  });

  it('leaves nothing in the bucket when an upload is refused', async () => {
    const before = await bucketKeys();
    const jpeg = await photoLikeJpeg({ width: 600, height: 400 });
    const truncated = await upload(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().error.message).toBe(IMAGE_MESSAGES.damaged);
    expect((await upload('<svg xmlns="http://www.w3.org/2000/svg"/>')).statusCode).toBe(415);
    expect(await bucketKeys()).toEqual(before);
  });

  it('removes the files already written when the row cannot be recorded', async () => {
    const before = await bucketKeys();
    const rows = async () => (await app.db.select().from(images).where(eq(images.ownerId, ownerId))).length;
    const rowsBefore = await rows();
    // The owner disappears between the check and the insert: the foreign key refuses the row.
    const { uploadImage } = await import('./upload-image.ts');
    await expect(
      uploadImage({
        db: app.db,
        storage: app.imageStorage.upload,
        ownerId: 'no-such-user',
        purpose: 'avatar',
        data: await solidImage('png', { width: 100, height: 100 }),
        worker: app.imageWorker,
      }),
    ).rejects.toThrow();
    expect(await bucketKeys()).toEqual(before);
    expect(await rows()).toBe(rowsBefore);
  });

  it('serves an image stored on local disk before the switch to S3', async () => {
    const local = app.imageStorage.byKind.local;
    if (!local) throw new Error('no local storage');
    const { uploadImage } = await import('./upload-image.ts');
    const row = await uploadImage({
      db: app.db,
      storage: local,
      ownerId,
      purpose: 'avatar',
      data: await solidImage('webp', { width: 40, height: 40 }),
      worker: app.imageWorker,
    });
    expect(row.storage).toBe('local');
    const served = await app.inject({ url: `/media/images/${row.id}/s32.webp` });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(32);
  });
});
