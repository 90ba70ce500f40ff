import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * Images made on the fly for tests and the benchmark, so no binary fixture is committed.
 * Not used by the app itself.
 */

/** GPS tags as a phone writes them (48°51'24"N 2°21'8"E): what the pipeline must remove. */
export const SAMPLE_GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '48/1 51/1 24/1',
  GPSLongitudeRef: 'E',
  GPSLongitude: '2/1 21/1 8/1',
};

/**
 * A photo-like JPEG: a gradient under Gaussian noise (noise is what makes photos expensive to
 * encode; a flat colour would flatter every figure), with the EXIF orientation and GPS tags a
 * phone writes.
 */
export async function photoLikeJpeg(options: {
  width: number;
  height: number;
  orientation?: number;
  withGps?: boolean;
  quality?: number;
}): Promise<Buffer> {
  const { width, height, orientation = 1, withGps = true, quality = 88 } = options;
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .blur(1.2)
    .raw()
    .toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#1d4e89"/><stop offset="0.5" stop-color="#f2a541"/><stop offset="1" stop-color="#4f6d3a"/>
      </linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const base = await sharp(gradient, { limitInputPixels: false }).removeAlpha().raw().toBuffer();
  // Mix: mostly gradient, with the noise as texture.
  const mixed = Buffer.alloc(base.length);
  for (let index = 0; index < base.length; index++) {
    mixed[index] = Math.max(0, Math.min(255, (base[index] ?? 0) + ((noise[index] ?? 128) - 128) * 0.6));
  }
  return (
    sharp(mixed, { raw: { width, height, channels: 3 } })
      .withExif({ IFD0: { Make: 'Townhall', Model: 'Test camera' }, ...(withGps ? { IFD3: SAMPLE_GPS } : {}) })
      // libvips writes the Orientation tag from this field, whatever the EXIF above says.
      .withMetadata({ orientation })
      .jpeg({ quality })
      .toBuffer()
  );
}

/** Whether EXIF data holds a GPS directory (the GPSInfo pointer tag 0x8825, in either byte order). */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25, 0x00, 0x04])) || exif.includes(Buffer.from([0x25, 0x88, 0x04, 0x00]));
}

/** A solid-colour image in one of the accepted formats (GIF optionally animated, two frames). */
export async function solidImage(
  format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif',
  options: { width: number; height: number; animated?: boolean },
): Promise<Buffer> {
  const { width, height, animated = false } = options;
  const frame = (background: string) =>
    sharp({ create: { width, height, channels: 4, background } })
      .png()
      .toBuffer();
  if (animated) {
    const frames = await Promise.all([frame('#c0392b'), frame('#2980b9')]);
    return sharp(frames, { join: { animated: true } })
      .gif({ delay: [200, 200], loop: 0 })
      .toBuffer();
  }
  return sharp(await frame('#c0392b'))
    .toFormat(format)
    .toBuffer();
}

/**
 * A real PNG that declares `width × height` pixels but holds one: its IHDR is rewritten (with a
 * fresh CRC). A decoder that trusted it would allocate width × height × 4 bytes.
 */
export async function declaredSizePng(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  const patched = Buffer.from(png);
  // Signature (8) + IHDR length (4) + 'IHDR' (4): width and height follow, then the CRC of type + data.
  patched.writeUInt32BE(width, 16);
  patched.writeUInt32BE(height, 20);
  patched.writeUInt32BE(crc32(patched.subarray(12, 29)), 29);
  return patched;
}

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipart(parts: { name: string; filename?: string; contentType?: string; data: Buffer | string }[]) {
  const boundary = `----townhall${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
          (part.contentType ? `Content-Type: ${part.contentType}\r\n` : '') +
          '\r\n',
      ),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
