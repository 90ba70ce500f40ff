import { useState } from 'react';

import { Lightbox, preloadLightbox } from '#client/components/ui/lightbox.tsx';
import { cn } from '#client/lib/cn.ts';
import type { PostImage } from '#shared/schemas/posts.ts';

/** A post's images (1 to 10) in a grid; a click opens the lightbox at that image. */
export function PostImages({ images, authorName }: { images: PostImage[]; authorName: string }) {
  const [openAt, setOpenAt] = useState<number | null>(null);
  if (images.length === 0) return null;
  const alt = (index: number) => `Image ${String(index + 1)} of ${String(images.length)} by ${authorName}`;
  return (
    <>
      <ul
        className={cn(
          'grid gap-1 overflow-hidden rounded-md',
          images.length === 1 ? 'grid-cols-1' : 'grid-cols-2 sm:grid-cols-3',
        )}
        aria-label="Images"
      >
        {images.map((image, index) => (
          <li key={`${image.url}-${String(index)}`}>
            <button
              type="button"
              className="block w-full overflow-hidden rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              aria-label={`Open image ${String(index + 1)} of ${String(images.length)}`}
              onClick={() => setOpenAt(index)}
              onPointerEnter={preloadLightbox}
              onFocus={preloadLightbox}
            >
              <img
                src={image.url}
                alt={alt(index)}
                width={image.width}
                height={image.height}
                loading="lazy"
                className={cn('w-full object-cover', images.length === 1 ? 'max-h-[28rem]' : 'aspect-square')}
              />
            </button>
          </li>
        ))}
      </ul>
      <Lightbox
        images={images.map((image, index) => ({
          src: image.url,
          alt: alt(index),
          width: image.width,
          height: image.height,
        }))}
        startIndex={openAt ?? 0}
        open={openAt !== null}
        onOpenChange={(open) => {
          if (!open) setOpenAt(null);
        }}
      />
    </>
  );
}
