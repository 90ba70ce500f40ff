import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_SIZES, IMAGE_MESSAGES, IMAGE_WIDTHS, parseImageUrl, renditionsUpTo } from '#shared/lib/image-urls.ts';
import { SessionResponseSchema } from '#shared/schemas/accounts.ts';
import { ImageUploadResponseSchema } from '#shared/schemas/profiles.ts';
import { images } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { buildTestApp } from '../../test/app.ts';
import { IMAGE_WORKER_RETRY_AFTER_SECONDS, IMAGE_WORKER_UNAVAILABLE, ImageWorker } from './image-worker.ts';
import { declaredSizePng, exifHasGps, multipart, photoLikeJpeg, SAMPLE_GPS, solidImage } from './sample-images.ts';

const address = () => `10.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}.9`;
const origin = 'http://townhall.test';
const uniqueId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function signUp(app: FastifyInstance) {
  const id = uniqueId();
  const response = await app.inject({
    method: 'POST',
    url: '/api/accounts/sign-up',
    remoteAddress: address(),
    headers: { origin },
    payload: { email: `img.${id}@example.com`, username: `img_${id}`, password: 'a fine secret' },
  });
  expect(response.statusCode).toBe(201);
  const cookie = response.cookies.find((item) => item.name === 'townhall.session_token');
  const user = SessionResponseSchema.parse(response.json()).user;
  if (!user || !cookie) throw new Error('no user after sign-up');
  return { id: user.id, cookie: `${cookie.name}=${cookie.value}` };
}

describe('images', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let person: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'townhall-images-'));
    app = await buildTestApp({ config: { dataDir } });
    person = await signUp(app);
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (
    data: Buffer | string,
    options: {
      purpose?: string;
      filename?: string;
      contentType?: string;
      cookie?: string | null;
      origin?: string;
    } = {},
  ) => {
    const body = multipart([
      {
        name: 'file',
        filename: options.filename ?? 'picture.jpg',
        contentType: options.contentType ?? 'image/jpeg',
        data,
      },
    ]);
    const cookie = options.cookie === undefined ? person.cookie : options.cookie;
    return app.inject({
      method: 'POST',
      url: `/api/images?purpose=${options.purpose ?? 'post'}`,
      headers: {
        origin: options.origin ?? origin,
        'content-type': body.contentType,
        ...(cookie ? { cookie } : {}),
      },
      payload: body.payload,
    });
  };

  const storedDirectories = () => {
    const root = path.join(dataDir, 'media', 'images');
    return fs.existsSync(root) ? fs.readdirSync(root).length : 0;
  };
  const ownRows = async (ownerId: string) =>
    (await app.db.select({ id: images.id }).from(images).where(eq(images.ownerId, ownerId))).length;

  /** Runs a refused upload and checks its answer, and that it left no row and no file behind. */
  async function expectRefused(
    send: () => Promise<Awaited<ReturnType<typeof upload>>>,
    status: number,
    message: string,
    ownerId = person.id,
  ) {
    const [rowsBefore, directoriesBefore] = [await ownRows(ownerId), storedDirectories()];
    const response = await send();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error.message).toBe(message);
    expect(await ownRows(ownerId)).toBe(rowsBefore);
    expect(storedDirectories()).toBe(directoriesBefore);
    return response;
  }

  /** Resolves when the image process `pid` has ended, with how it ended. */
  const exitOf = (pid: number) =>
    new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
      const listener = (exited: number, details: { code: number | null; signal: NodeJS.Signals | null }) => {
        if (exited !== pid) return;
        app.imageWorker.off('exit', listener);
        resolve(details);
      };
      app.imageWorker.on('exit', listener);
    });
  const isRunning = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it.each(['jpeg', 'png', 'webp', 'gif', 'avif'] as const)(
    'accepts a %s by its content and stores WebP widths up to its own, never upscaled',
    async (format) => {
      const source = await solidImage(format, { width: 900, height: 600, animated: format === 'gif' });
      // The name and the browser's type say nothing: the bytes decide.
      const response = await upload(source, { filename: 'whatever.bin', contentType: 'application/octet-stream' });
      expect(response.statusCode, response.body).toBe(201);
      const image = ImageUploadResponseSchema.parse(response.json());
      expect([image.width, image.height]).toEqual([900, 600]);
      expect(image.variants.map((variant) => variant.name)).toEqual(['w640', 'w750', 'w828']);
      expect(image.variants.map((variant) => [variant.width, variant.height])).toEqual([
        [640, 427],
        [750, 500],
        [828, 552],
      ]);
      expect(image.url).toBe(`/media/images/${image.id}/w828.webp`);
      const [row] = await app.db.select().from(images).where(eq(images.id, image.id));
      expect(row?.sourceType).toBe(`image/${format}`);
      expect(row?.storage).toBe('local');
      expect(row?.sourceBytes).toBe(source.length);

      for (const variant of image.variants) {
        const served = await app.inject({ url: variant.url });
        expect(served.statusCode).toBe(200);
        const metadata = await sharp(served.rawPayload).metadata();
        expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', variant.width, variant.height]);
        // An animated GIF keeps its first frame only.
        expect(metadata.pages ?? 1).toBe(1);
      }
    },
  );

  it('takes a photo larger than the 1 MiB JSON body limit', async () => {
    const photo = await photoLikeJpeg({ width: 2400, height: 1800, quality: 95 });
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    const response = await upload(photo);
    expect(response.statusCode, response.body).toBe(201);
    const image = ImageUploadResponseSchema.parse(response.json());
    expect(image.variants.at(-1)?.name).toBe('w2048');
  });

  it('makes avatars square, centred, every size up to the short side, and the URL names the largest', async () => {
    const response = await upload(await solidImage('png', { width: 500, height: 300 }), { purpose: 'avatar' });
    expect(response.statusCode, response.body).toBe(201);
    const image = ImageUploadResponseSchema.parse(response.json());
    expect(image.variants.map((variant) => variant.name)).toEqual(['s16', 's32', 's48', 's64', 's96', 's128', 's256']);
    expect(image.variants.every((variant) => variant.width === variant.height)).toBe(true);
    expect(image.url).toBe(`/media/images/${image.id}/s256.webp`);
    // The client derives the same set from the stored URL alone.
    const name = parseImageUrl(image.url)?.name ?? '';
    expect(renditionsUpTo(name).map((rendition) => rendition.name)).toEqual(image.variants.map((item) => item.name));

    const large = ImageUploadResponseSchema.parse(
      (await upload(await solidImage('webp', { width: 1000, height: 800 }), { purpose: 'avatar' })).json(),
    );
    expect(large.variants.map((variant) => variant.width)).toEqual([...AVATAR_SIZES]);
    expect(large.url).toMatch(/\/s384\.webp$/);

    // A tiny picture is enlarged to the smallest size only, so every avatar has at least s16.
    const tiny = ImageUploadResponseSchema.parse(
      (await upload(await solidImage('gif', { width: 10, height: 12 }), { purpose: 'avatar' })).json(),
    );
    expect(tiny.variants.map((variant) => [variant.name, variant.width, variant.height])).toEqual([['s16', 16, 16]]);
  });

  it('keeps a group or post image narrower than 640 at its own width, and a wide one up to 3840', async () => {
    const narrow = ImageUploadResponseSchema.parse(
      (await upload(await solidImage('jpeg', { width: 300, height: 200 }), { purpose: 'group' })).json(),
    );
    expect(narrow.variants.map((variant) => [variant.name, variant.width, variant.height])).toEqual([
      ['w300', 300, 200],
    ]);
    const wide = ImageUploadResponseSchema.parse(
      (await upload(await solidImage('webp', { width: 4000, height: 100 }), { purpose: 'post' })).json(),
    );
    expect(wide.variants.map((variant) => variant.width)).toEqual([...IMAGE_WIDTHS]);
    expect(wide.variants.at(-1)?.height).toBe(96);
  });

  it('applies the EXIF orientation and removes every metadata, GPS included', async () => {
    // Left half red, right half blue, stored sideways: orientation 6 shows it turned a quarter clockwise.
    const sideways = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#ff0000' } })
      .composite([
        {
          input: { create: { width: 200, height: 200, channels: 3, background: '#0000ff' } },
          left: 200,
          top: 0,
        },
      ])
      .withExif({ IFD0: { Make: 'Phone' }, IFD3: SAMPLE_GPS })
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 95 })
      .toBuffer();
    const before = await sharp(sideways).metadata();
    expect(before.orientation).toBe(6);
    expect(exifHasGps(before.exif)).toBe(true);

    const response = await upload(sideways);
    const image = ImageUploadResponseSchema.parse(response.json());
    expect([image.width, image.height]).toEqual([200, 400]);
    const served = (await app.inject({ url: image.url })).rawPayload;
    const metadata = await sharp(served).metadata();
    expect([metadata.width, metadata.height]).toEqual([200, 400]);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(served.includes(Buffer.from('Phone'))).toBe(false);
    const { data } = await sharp(served).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 200 + x) * 3, (y * 200 + x) * 3 + 3)];
    const [topRed = 0, , topBlue = 0] = pixel(100, 50);
    const [bottomRed = 0, , bottomBlue = 0] = pixel(100, 350);
    expect(topRed).toBeGreaterThan(200);
    expect(topBlue).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(200);
    expect(bottomRed).toBeLessThan(60);

    const photo = await upload(await photoLikeJpeg({ width: 800, height: 600, orientation: 8 }), { purpose: 'avatar' });
    const avatar = ImageUploadResponseSchema.parse(photo.json());
    expect([avatar.width, avatar.height]).toEqual([600, 800]);
    for (const variant of avatar.variants) {
      const bytes = (await app.inject({ url: variant.url })).rawPayload;
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    }
  });

  it('refuses SVG, a text file named .jpg, HTML and HEIC-like data with the list of accepted types, storing nothing', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    await expectRefused(
      () => upload(svg, { filename: 'a.svg', contentType: 'image/svg+xml' }),
      415,
      IMAGE_MESSAGES.wrongType,
    );
    await expectRefused(() => upload(`<?xml version="1.0"?>${svg}`), 415, IMAGE_MESSAGES.wrongType);
    await expectRefused(
      () => upload('just some words, not a picture', { filename: 'holiday.jpg' }),
      415,
      IMAGE_MESSAGES.wrongType,
    );
    await expectRefused(() => upload('<html><script>alert(1)</script></html>'), 415, IMAGE_MESSAGES.wrongType);
    // An ISO-BMFF file whose brands are not AVIF's (a HEIC photo, an MP4 …).
    const heicHeader = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheicmif1heicmiaf'),
      Buffer.alloc(64),
    ]);
    await expectRefused(() => upload(heicHeader), 415, IMAGE_MESSAGES.wrongType);
  });

  it('refuses a truncated JPEG and a damaged PNG with a clear message, storing nothing', async () => {
    const jpeg = await photoLikeJpeg({ width: 700, height: 500 });
    await expectRefused(() => upload(jpeg.subarray(0, Math.floor(jpeg.length * 0.6))), 400, IMAGE_MESSAGES.damaged);
    await expectRefused(() => upload(jpeg.subarray(0, 40)), 400, IMAGE_MESSAGES.damaged);
    const png = await solidImage('png', { width: 300, height: 300 });
    const garbled = Buffer.from(png);
    garbled.fill(0x41, 60, garbled.length - 20);
    await expectRefused(() => upload(garbled), 400, IMAGE_MESSAGES.damaged);
  });

  it('refuses a file over 10 MB with 413, storing nothing', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(10 * 1024 * 1024)]);
    await expectRefused(() => upload(big), 413, IMAGE_MESSAGES.tooManyBytes);
  });

  it('refuses pixel bombs before decoding them: a 20000 × 20000 header and a real 60-megapixel PNG', async () => {
    const declared = await declaredSizePng(20000, 20000);
    expect(declared.length).toBeLessThan(200);
    await expectRefused(() => upload(declared), 400, IMAGE_MESSAGES.tooManyPixels);
    const real = await sharp({
      create: { width: 10000, height: 6000, channels: 3, background: '#336699' },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(real.length).toBeLessThan(1024 * 1024);
    await expectRefused(() => upload(real), 400, IMAGE_MESSAGES.tooManyPixels);
  });

  it('asks for one part named file, multipart only, and a known purpose', async () => {
    const image = await solidImage('png', { width: 20, height: 20 });
    const wrongName = multipart([{ name: 'picture', filename: 'a.png', contentType: 'image/png', data: image }]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/images?purpose=post',
      headers: { origin, cookie: person.cookie, 'content-type': wrongName.contentType },
      payload: wrongName.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(IMAGE_MESSAGES.missingFile);

    const json = await app.inject({
      method: 'POST',
      url: '/api/images?purpose=post',
      headers: { origin, cookie: person.cookie },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);

    const purpose = await upload(image, { purpose: 'banner' });
    expect(purpose.statusCode).toBe(400);
    expect(purpose.json().error.fields).toHaveProperty(['querystring.purpose']);
  });

  it('keeps every other route JSON-only: multipart elsewhere is 415', async () => {
    const body = multipart([{ name: 'email', data: 'someone@example.com' }]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/accounts/sign-in',
      remoteAddress: address(),
      headers: { origin, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(415);
  });

  it('refuses signed-out uploads (401) and uploads from another site (403), storing nothing', async () => {
    const image = await solidImage('png', { width: 20, height: 20 });
    const signedOut = await upload(image, { cookie: null });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.message).toBe('You need to sign in first.');
    await expectRefused(
      () => upload(image, { origin: 'https://evil.example' }),
      403,
      'This request came from another site and was refused.',
    );
  });

  it('serves renditions with immutable caching, their type, an ETag and 304; unknown ones are JSON 404s', async () => {
    const image = ImageUploadResponseSchema.parse(
      (await upload(await solidImage('jpeg', { width: 700, height: 400 }))).json(),
    );
    const response = await app.inject({ url: image.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^".+"$/);

    const again = await app.inject({ url: image.url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await app.inject({ method: 'HEAD', url: image.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');

    for (const url of [
      `/media/images/${image.id}/w750.webp`, // larger than the image: never made
      `/media/images/${image.id}/w640.avif`,
      '/media/images/00000000-0000-4000-8000-000000000000/w640.webp',
      `/media/images/${image.id}/../../secrets.json`,
      '/media/images/not-an-id/w640.webp',
    ]) {
      const missing = await app.inject({ url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type']).toMatch(/^application\/json/);
      expect(missing.headers['cache-control']).toBeUndefined();
    }
  });

  it('decodes uploads in a child process that exits when idle; the next upload starts a new one', async () => {
    const first = await upload(await solidImage('jpeg', { width: 900, height: 600 }));
    expect(first.statusCode, first.body).toBe(201);
    const pid = app.imageWorker.pid;
    if (pid === undefined) throw new Error('no image process after an upload');
    expect(pid).not.toBe(process.pid);
    expect(isRunning(pid)).toBe(true);

    // Nothing more to do: after its idle time the child is told to go, and goes on its own.
    expect(await exitOf(pid)).toMatchObject({ code: 0, signal: null });
    expect(app.imageWorker.pid).toBeUndefined();
    expect(isRunning(pid)).toBe(false);

    const second = await upload(await solidImage('png', { width: 300, height: 200 }), { purpose: 'avatar' });
    expect(second.statusCode, second.body).toBe(201);
    expect(app.imageWorker.pid).toBeDefined();
    expect(app.imageWorker.pid).not.toBe(pid);
  });

  it('answers 503 with Retry-After when the image process dies mid-upload, stores nothing, then recovers', async () => {
    const photo = await photoLikeJpeg({ width: 3000, height: 2000 });
    let killed: number | undefined;
    // The moment the upload is handed to the child, the child is killed (as the kernel's OOM killer would).
    app.imageWorker.once('dispatch', (pid) => {
      killed = pid;
      process.kill(pid, 'SIGKILL');
    });
    const refused = await expectRefused(() => upload(photo), 503, IMAGE_WORKER_UNAVAILABLE);
    expect(killed).toBeDefined();
    expect(refused.json().error.code).toBe('unavailable');
    expect(refused.headers['retry-after']).toBe(String(IMAGE_WORKER_RETRY_AFTER_SECONDS));

    const next = await upload(photo);
    expect(next.statusCode, next.body).toBe(201);
    expect(app.imageWorker.pid).not.toBe(killed);
  });

  it('kills an image process that takes longer than the time-out, failing its upload with 503', async () => {
    // A time-out shorter than a child takes to start: the upload cannot be answered in time.
    const worker = new ImageWorker({ jobTimeoutMs: 1 });
    try {
      const failure: unknown = await worker
        .process(await photoLikeJpeg({ width: 1200, height: 900 }), 'post')
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AppError);
      expect((failure as AppError).statusCode).toBe(503);
      expect((failure as AppError).message).toBe(IMAGE_WORKER_UNAVAILABLE);
      expect(worker.pid).toBeUndefined();
    } finally {
      await worker.close();
    }
  });

  it('limits uploads per account: 60 an hour, then 429 with Retry-After', async () => {
    const busy = await signUp(app);
    const junk = 'not an image';
    for (let index = 0; index < 60; index++) {
      const response = await upload(junk, { cookie: busy.cookie });
      expect(response.statusCode).toBe(415);
    }
    const refused = await upload(await solidImage('png', { width: 20, height: 20 }), { cookie: busy.cookie });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Too many image uploads\. Please try again in /);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not affected.
    expect((await upload(await solidImage('png', { width: 20, height: 20 }))).statusCode).toBe(201);
  });
});
