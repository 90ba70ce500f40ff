import { useState } from 'react';

import { Lightbox, type LightboxImage } from '#client/components/ui/lightbox.tsx';
import { LIGHTBOX } from '#shared/constants/ui.ts';

import { DemoSection } from '../demo-section.tsx';

// Shipped in client/public/samples, so the page needs nothing from another host.
const SAMPLE_IMAGES: LightboxImage[] = [
  { src: '/samples/mountains.svg', alt: 'Mountains at dawn' },
  { src: '/samples/harbour.svg', alt: 'Harbour at night' },
  { src: '/samples/forest.svg', alt: 'Forest clearing' },
  { src: '/samples/dunes.svg', alt: 'Desert dunes at noon' },
].map((image) => ({ ...image, width: LIGHTBOX.imageWidth, height: LIGHTBOX.imageHeight }));

/** A thumbnail grid of the sample images; each opens the lightbox on itself. */
export function LightboxSection() {
  const [openIndex, setOpenIndex] = useState<number | null>(null);

  return (
    <DemoSection
      id="lightbox"
      title="Lightbox"
      description="Arrows or swipe change the image; + or = zooms in, - zooms out, 0 resets, Escape closes. Drag to pan when zoomed in; pinch on a touch screen."
    >
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {SAMPLE_IMAGES.map((image, index) => (
          <li key={image.src}>
            <button
              type="button"
              aria-label={`Open image ${String(index + 1)}`}
              className="block w-full cursor-zoom-in overflow-hidden rounded-lg border transition hover:opacity-90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
              onClick={() => setOpenIndex(index)}
            >
              <img
                src={image.src}
                alt=""
                width={image.width}
                height={image.height}
                loading="lazy"
                className="aspect-[3/2] h-auto w-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      <Lightbox
        images={SAMPLE_IMAGES}
        startIndex={openIndex ?? 0}
        open={openIndex !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setOpenIndex(null);
        }}
      />
    </DemoSection>
  );
}
