import { useState } from 'react';

import { lazyComponent } from '#client/lib/lazy-component.ts';

/** One image of a lightbox. */
export type LightboxImage = {
  src: string;
  /** Describes the image; also shown as its caption. */
  alt: string;
  width?: number;
  height?: number;
};

/** Props of Lightbox. */
export type LightboxProps = {
  images: readonly LightboxImage[];
  /** The image shown when the lightbox opens (0-based). */
  startIndex?: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const panel = lazyComponent(() => import('./lightbox-panel.tsx').then((module) => module.LightboxPanel));

/** Fetches the lightbox's code; once it has arrived, the lightbox opens in the same render. */
export async function loadLightbox(): Promise<void> {
  await panel.preload();
}

/** Starts fetching the lightbox's code, for example when the pointer reaches an image that opens it. */
export function preloadLightbox(): void {
  loadLightbox().catch(() => {
    // Retried when the lightbox opens.
  });
}

/**
 * A full-screen image viewer: previous/next, zoom (0.1 to 5, ×1.2 a step), pan when zoomed in,
 * swipe and pinch on touch screens, and the keys Escape, ←, →, + or =, - and 0. Its code loads
 * when it first opens (or on preloadLightbox()), so a page of pictures does not fetch it.
 */
export function Lightbox(props: LightboxProps) {
  const [isActive, setIsActive] = useState(false);
  // Once opened it stays mounted, as it always was.
  if (props.open && !isActive) setIsActive(true);
  const isLoaded = panel.useLoaded(isActive || props.open);
  return isLoaded && (isActive || props.open) ? <panel.Component {...props} /> : null;
}
