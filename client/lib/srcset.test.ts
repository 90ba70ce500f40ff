import { describe, expect, it } from 'vitest';

import { avatarSrcSet, imageSrcSet } from './srcset.ts';

const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
const at = (name: string) => `/media/images/${id}/${name}.webp`;

describe('imageSrcSet', () => {
  it('lists every width up to the stored one, with w descriptors', () => {
    expect(imageSrcSet(at('w1200'), '(min-width: 768px) 640px, 100vw')).toEqual({
      src: at('w1080'),
      srcSet: [
        `${at('w640')} 640w`,
        `${at('w750')} 750w`,
        `${at('w828')} 828w`,
        `${at('w1080')} 1080w`,
        `${at('w1200')} 1200w`,
      ].join(', '),
      sizes: '(min-width: 768px) 640px, 100vw',
    });
  });

  it('offers only the one rendition of a narrow image, and falls back to the largest', () => {
    expect(imageSrcSet(at('w500'))).toEqual({ src: at('w500'), srcSet: `${at('w500')} 500w`, sizes: '100vw' });
    expect(imageSrcSet(at('w828'))?.src).toBe(at('w828'));
  });

  it('gives null for URLs that are not ours, so they show as a plain src', () => {
    expect(imageSrcSet('https://example.com/cat.jpg')).toBeNull();
    expect(imageSrcSet('')).toBeNull();
    expect(avatarSrcSet('/favicon.svg', 40)).toBeNull();
  });
});

describe('avatarSrcSet', () => {
  it('lists the squares up to the stored size, sized at the shown width', () => {
    const result = avatarSrcSet(at('s384'), 40);
    expect(result?.sizes).toBe('40px');
    expect(result?.src).toBe(at('s96'));
    expect(result?.srcSet.split(', ')).toEqual([
      `${at('s16')} 16w`,
      `${at('s32')} 32w`,
      `${at('s48')} 48w`,
      `${at('s64')} 64w`,
      `${at('s96')} 96w`,
      `${at('s128')} 128w`,
      `${at('s256')} 256w`,
      `${at('s384')} 384w`,
    ]);
  });

  it('never names a size above the stored one (small source pictures)', () => {
    expect(avatarSrcSet(at('s48'), 80)).toEqual({
      src: at('s48'),
      srcSet: `${at('s16')} 16w, ${at('s32')} 32w, ${at('s48')} 48w`,
      sizes: '80px',
    });
  });
});
