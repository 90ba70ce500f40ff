import { describe, expect, it } from 'vitest';
import { imageVariantUrl, parseImageUrl, renditionsUpTo } from './image-urls.ts';

const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('image URLs', () => {
  it('builds and parses rendition URLs, and nothing else', () => {
    expect(imageVariantUrl(id, 'w640')).toBe(`/media/images/${id}/w640.webp`);
    expect(parseImageUrl(`/media/images/${id}/s96.webp`)).toEqual({ imageId: id, name: 's96', format: 'webp' });
    for (const url of [
      `/media/images/${id}/x96.webp`,
      `/media/images/${id}/s96.png`,
      `https://evil.example/media/images/${id}/s96.webp`,
      `/media/images/${id}/../s96.webp`,
      '',
    ]) {
      expect(parseImageUrl(url)).toBeNull();
    }
  });

  it('lists every rendition up to the named one', () => {
    expect(renditionsUpTo('w1080').map((item) => item.width)).toEqual([640, 750, 828, 1080]);
    expect(renditionsUpTo('w500')).toEqual([{ name: 'w500', width: 500 }]);
    expect(renditionsUpTo('s64').map((item) => item.name)).toEqual(['s16', 's32', 's48', 's64']);
    expect(renditionsUpTo('s16')).toEqual([{ name: 's16', width: 16 }]);
    expect(renditionsUpTo('q12')).toEqual([]);
  });
});
