import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, IMAGE_URL_PREFIX, parseImageUrl } from '#shared/lib/image-urls.ts';
import { ErrorResponseSchema } from '#shared/schemas/error.ts';
import { ImageUploadQuerySchema, ImageUploadResponseSchema } from '#shared/schemas/profiles.ts';
import { images } from '../../db/schema/index.ts';
import {
  AppError,
  badRequest,
  notFound,
  payloadTooLarge,
  unauthenticated,
  unsupportedMediaType,
} from '../../lib/errors.ts';
import { perAccount } from '../../plugins/rate-limit.ts';
import { MEDIA_CONTENT_SECURITY_POLICY } from '../../plugins/security-headers.ts';
import { IMAGE_RATE_RULES } from './image-rate-rules.ts';
import { presentImage } from './present-image.ts';
import { renditionKey, uploadImage } from './upload-image.ts';

/** Renditions never change under a URL (a new upload gets a new id), so browsers and CDNs keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const ONE_IMAGE_AT_A_TIME = 'Send one image at a time.';

/**
 * Reads the one `file` part of a multipart upload into memory, at most IMAGE_MAX_BYTES. The whole
 * form is read: a second file is refused rather than silently dropped (the person would not know
 * which image was kept).
 */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw unsupportedMediaType('Send the image as multipart/form-data, in one part named "file".');
  }
  try {
    let data: Buffer | undefined;
    for await (const part of request.parts({
      limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 11 },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') throw badRequest(IMAGE_MESSAGES.missingFile);
      if (data) throw badRequest(ONE_IMAGE_AT_A_TIME);
      data = await part.toBuffer();
    }
    if (!data || data.length === 0) throw badRequest(IMAGE_MESSAGES.missingFile);
    return data;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(IMAGE_MESSAGES.tooManyBytes);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest(ONE_IMAGE_AT_A_TIME);
    }
    // busboy's "Unexpected end of form", a missing boundary …: the request itself is broken.
    throw badRequest('The upload was incomplete or malformed. Please try again.');
  }
}

/** The upload route in a scope of its own, the only one with a multipart parser. */
const uploadRoute: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
  app.post(
    '/api/images',
    {
      schema: {
        summary: 'Upload an image (JPEG, PNG, WebP, GIF or AVIF, at most 10 MB and 50 megapixels)',
        description:
          'multipart/form-data with one part named `file`. The type is read from the content; the ' +
          'image is turned upright, stripped of metadata and stored as WebP renditions: squares 16–384 ' +
          'for avatars, widths 640–3840 otherwise, never larger than the original.',
        tags: ['images'],
        consumes: ['multipart/form-data'],
        querystring: ImageUploadQuerySchema,
        response: {
          201: ImageUploadResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          413: ErrorResponseSchema,
          415: ErrorResponseSchema,
          429: ErrorResponseSchema,
          503: ErrorResponseSchema,
        },
      },
      config: perAccount(IMAGE_RATE_RULES.uploadsPerAccount),
    },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) throw unauthenticated();
      const data = await readUploadedFile(request);
      const row = await uploadImage({
        db: app.db,
        storage: app.imageStorage.upload,
        ownerId: viewer.id,
        purpose: request.query.purpose,
        data,
        worker: app.imageWorker,
        log: request.log,
      });
      request.log.info({ imageId: row.id, purpose: row.purpose, bytes: data.length }, 'image uploaded');
      return reply.status(201).send(presentImage(row));
    },
  );
};

/**
 * POST /api/images (multipart, signed in) and GET /media/images/:id/:file. The multipart
 * parser is registered in the upload's own scope: every other route still takes JSON only.
 */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(uploadRoute);

  app.get(
    `${IMAGE_URL_PREFIX}:id/:file`,
    {
      schema: {
        summary: 'One rendition of an uploaded image (immutable: cached for a year)',
        tags: ['images'],
        params: z.object({ id: z.string(), file: z.string() }),
        response: {
          200: {
            description: 'The image, as its file name says (WebP or AVIF), with an ETag',
            content: {
              'image/webp': { schema: z.unknown().describe('The image bytes') },
              'image/avif': { schema: z.unknown().describe('The image bytes') },
            },
          },
          304: z.null().describe('Not modified: If-None-Match named this ETag'),
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      const wanted = parseImageUrl(`${IMAGE_URL_PREFIX}${id}/${file}`);
      if (!wanted) throw notFound('There is no such image.');
      const [row] = await app.db
        .select({ storage: images.storage, variants: images.variants })
        .from(images)
        .where(eq(images.id, wanted.imageId));
      const variant = row?.variants.find((item) => item.name === wanted.name && item.format === wanted.format);
      if (!row || !variant) throw notFound('There is no such image.');

      // The bytes under a URL never change, so the URL itself is a strong validator.
      const etag = `"${wanted.imageId}-${wanted.name}.${wanted.format}"`;
      // An image opened as a document (or a file that fooled a browser into reading it as one)
      // may load nothing and run nothing: the page's own policy gives way to the media one.
      void reply
        .header('cache-control', IMMUTABLE)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', MEDIA_CONTENT_SECURITY_POLICY);
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        // no body at all (not even JSON's null): the typed reply of `304: z.null()` cannot say so
        return reply.status(304).send(undefined as never);
      }

      const storage = app.imageStorage.byKind[row.storage];
      const object = storage ? await storage.get(renditionKey(wanted.imageId, wanted.name, wanted.format)) : null;
      if (!object) {
        request.log.warn({ imageId: wanted.imageId, storage: row.storage }, 'image rendition missing from storage');
        void reply.removeHeader('cache-control').removeHeader('etag');
        throw notFound('There is no such image.');
      }
      return reply
        .type(`image/${wanted.format}`)
        .header('content-length', object.contentLength ?? variant.bytes)
        .send(object.body);
    },
  );
};
