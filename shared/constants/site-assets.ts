/**
 * The site's own images, generated at build from `client/public/favicon.svg` (the icons) and
 * served from the site's root: what browsers, phones and link previews fetch.
 */
export const SITE_ASSETS = {
  /** 16, 32 and 48 px in one Windows icon file. */
  faviconIco: '/favicon.ico',
  faviconSvg: '/favicon.svg',
  /** 180 × 180 PNG, no transparency (iOS home screen). */
  appleTouchIcon: '/apple-touch-icon.png',
  /** The web app manifest, which lists the icons below. */
  manifest: '/manifest.webmanifest',
  icon192: '/icon-192.png',
  icon512: '/icon-512.png',
  /** 512 px with the safe zone Android crops to a circle or squircle. */
  maskableIcon: '/icon-maskable-512.png',
} as const;

/** The preview image of pages with no picture of their own (`og:image`), and its size. */
export const DEFAULT_SHARE_IMAGE = { path: '/og-image.png', width: 1200, height: 630, alt: 'Townhall' } as const;
