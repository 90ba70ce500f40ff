import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config/env.ts';

/** A stored file as it is read back. */
export interface StoredObject {
  body: Readable;
  /** Bytes, when the store says. */
  contentLength: number | undefined;
}

/**
 * Where image renditions live. Keys are relative paths like `images/{id}/w640.webp`; both
 * stores keep the same keys, so a rendition's URL is the same wherever it is.
 */
export interface ImageStorage {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under this key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes every file whose key starts with `prefix` (which ends with '/'). */
  delete(prefix: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*\/?$/i;

function checkKey(key: string): string {
  // Keys are built by us from a UUID and a rendition name; anything else is a bug, not a path to follow.
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Not a storage key: ${key}`);
  }
  return key;
}

/** Files under `root` (DATA_DIR/media by default), written whole or not at all. */
export function createLocalStorage(root: string): ImageStorage {
  const fullPath = (key: string) => path.join(root, ...checkKey(key).split('/'));
  return {
    kind: 'local',
    async put(key, data) {
      const target = fullPath(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Written beside, then renamed: a reader never sees half a file.
      const partial = `${target}.${randomUUID()}.partial`;
      try {
        await fs.promises.writeFile(partial, data);
        await fs.promises.rename(partial, target);
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        const handle = await fs.promises.open(fullPath(key), 'r');
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), contentLength: size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(prefix) {
      if (!prefix.endsWith('/')) throw new Error(`A prefix to delete ends with '/': ${prefix}`);
      await fs.promises.rm(fullPath(prefix), { recursive: true, force: true });
    },
  };
}

/** An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, Garage …). */
export function createS3Storage(config: S3Config): ImageStorage & { client: S3Client } {
  const client = new S3Client({
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: several S3-compatible servers refuse the newer
    // default (CRC32 headers on every request) or answer without them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  return {
    kind: 's3',
    client,
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: data,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        if (!answer.Body) return null;
        return { body: answer.Body as Readable, contentLength: answer.ContentLength };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async delete(prefix) {
      if (!prefix.endsWith('/')) throw new Error(`A prefix to delete ends with '/': ${prefix}`);
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: checkKey(prefix), ContinuationToken: token }),
        );
        // One DELETE per key: every S3-compatible server has it, not all have the batch call.
        await Promise.all(
          (page.Contents ?? []).flatMap((item) =>
            item.Key ? [client.send(new DeleteObjectCommand({ Bucket, Key: item.Key }))] : [],
          ),
        );
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
