import { describe, expect, it } from 'vitest';
import { sniffImageType } from './sniff-image-type.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('sniffImageType', () => {
  it.each([
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['image/png', bytes('\x89PNG\r\n\x1a\n', [0, 0, 0, 13])],
    ['image/gif', bytes('GIF89a', [1, 0])],
    ['image/gif', bytes('GIF87a', [1, 0])],
    ['image/webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['image/avif', bytes([0, 0, 0, 28], 'ftypavif', [0, 0, 0, 0], 'avifmif1miafMA1B')],
    ['image/avif', bytes([0, 0, 0, 24], 'ftypmif1', [0, 0, 0, 0], 'mif1avis')],
  ])('recognises %s by its first bytes', (type, data) => {
    expect(sniffImageType(data)).toBe(type);
  });

  it.each([
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['XML-declared SVG', bytes('<?xml version="1.0"?><svg/>')],
    ['text', bytes('hello, this is not a picture')],
    ['HEIC', bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0], 'mif1heic')],
    ['MP4', bytes([0, 0, 0, 20], 'ftypisom', [0, 0, 2, 0], 'isom')],
    ['an AVIF brand past the ftyp box', bytes([0, 0, 0, 16], 'ftypmif1', [0, 0, 0, 0], 'avif')],
    ['RIFF that is not WebP', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['PDF', bytes('%PDF-1.7')],
    ['nothing', bytes()],
    ['two bytes of JPEG', bytes([0xff, 0xd8])],
  ])('refuses %s', (_name, data) => {
    expect(sniffImageType(data)).toBeNull();
  });
});
