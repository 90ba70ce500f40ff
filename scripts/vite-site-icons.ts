import fs from 'node:fs/promises';
import path from 'node:path';
import pngToIco from 'png-to-ico';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { DEFAULT_SHARE_IMAGE, SITE_ASSETS } from '../shared/constants/site-assets.ts';

/** The page background of the light theme (client/styles/index.css), also index.html's theme-color. */
const PAGE_BACKGROUND = '#ffffff';
/** The text colour of the light theme (zinc-950) and a muted one (zinc-600), for the share image. */
const TEXT = '#09090b';
const MUTED_TEXT = '#52525b';
/** The share image's words. */
export const SHARE_IMAGE_TITLE = 'Townhall';
export const SHARE_IMAGE_TAGLINE = 'Creator communities with live Q&A';

/** One file the plugin writes at the site's root: its name (no leading slash) and bytes. */
export interface SiteFile {
  fileName: string;
  source: Buffer | string;
}

/** The colour the logo's tile is filled with: the brand colour of every opaque icon. */
export function brandColour(logoSvg: string): string {
  const fill = /<rect\b[^>]*\bfill="(#[0-9a-fA-F]{3,8})"/.exec(logoSvg)?.[1];
  if (!fill) throw new Error('favicon.svg: its first <rect> needs a fill="#rrggbb" (the brand colour of the icons)');
  return fill;
}

/** The logo's drawing without its tile (what sits on the tile: the white T), for full-bleed icons. */
function logoMark(logoSvg: string): string {
  const inner = /<svg\b[^>]*>([\s\S]*)<\/svg>/.exec(logoSvg)?.[1];
  if (inner === undefined) throw new Error('favicon.svg is not an <svg> document');
  return inner.replace(/<rect\b[^>]*\/>/, '');
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A square PNG of the logo as drawn (its rounded tile on a transparent background). */
function logoPng(logoSvg: string, size: number): Promise<Buffer> {
  // density: the SVG is 32 units wide; rasterise it at the target size rather than scale a small bitmap
  return sharp(Buffer.from(logoSvg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toBuffer();
}

/**
 * A square PNG with the brand colour to its edges and the logo's mark scaled to `markShare` of
 * the side: iOS rounds the corners of the apple-touch-icon itself, and Android crops a maskable
 * icon to a circle whose safe zone is the middle 80 %.
 */
function fullBleedPng(logoSvg: string, size: number, markShare: number): Promise<Buffer> {
  const brand = brandColour(logoSvg);
  const inset = (32 * (1 - markShare)) / 2 / markShare;
  const viewBox = `${-inset} ${-inset} ${32 + 2 * inset} ${32 + 2 * inset}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="${size}" height="${size}"><rect x="${-inset}" y="${-inset}" width="${32 + 2 * inset}" height="${32 + 2 * inset}" fill="${brand}"/>${logoMark(logoSvg)}</svg>`;
  return sharp(Buffer.from(svg)).resize(size, size).flatten({ background: brand }).png().toBuffer();
}

/**
 * The link-preview image: the logo, "Townhall" and the tagline on the page background, with a
 * band of the brand colour at the foot. The words are SVG text that librsvg sets with the
 * machine's fonts (fontconfig): DejaVu Sans or Liberation Sans on Debian.
 */
async function shareImagePng(logoSvg: string): Promise<Buffer> {
  const { width, height } = DEFAULT_SHARE_IMAGE;
  const brand = brandColour(logoSvg);
  const logoSize = 168;
  const fonts = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${PAGE_BACKGROUND}"/>
  <rect y="${height - 24}" width="${width}" height="24" fill="${brand}"/>
  <text x="${width / 2}" y="392" text-anchor="middle" font-family="${fonts}" font-weight="700" font-size="104" fill="${TEXT}">${escapeXml(SHARE_IMAGE_TITLE)}</text>
  <text x="${width / 2}" y="474" text-anchor="middle" font-family="${fonts}" font-size="44" fill="${MUTED_TEXT}">${escapeXml(SHARE_IMAGE_TAGLINE)}</text>
</svg>`;
  const logo = await logoPng(logoSvg, logoSize);
  return sharp(Buffer.from(svg))
    .composite([{ input: logo, left: Math.round((width - logoSize) / 2), top: 110 }])
    .flatten({ background: PAGE_BACKGROUND })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * The web app manifest (https://www.w3.org/TR/appmanifest/): what an installed Townhall looks
 * like. Its colours are the light theme's page, as index.html's theme-color (which the browser
 * prefers, light or dark, while the page is open).
 */
export function webManifest(): string {
  const icon = (src: string, size: number, purpose: 'any' | 'maskable') => ({
    src,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  return `${JSON.stringify(
    {
      name: 'Townhall',
      short_name: 'Townhall',
      description: 'Creator communities with live question-and-answer groups.',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: PAGE_BACKGROUND,
      theme_color: PAGE_BACKGROUND,
      icons: [
        { src: SITE_ASSETS.faviconSvg, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        icon(SITE_ASSETS.icon192, 192, 'any'),
        icon(SITE_ASSETS.icon512, 512, 'any'),
        icon(SITE_ASSETS.maskableIcon, 512, 'maskable'),
      ],
      categories: ['social'],
      lang: 'en',
      dir: 'ltr',
    },
    null,
    2,
  )}\n`;
}

/** Every file made from the logo, by its name at the site's root. */
export async function renderSiteFiles(logoSvg: string): Promise<SiteFile[]> {
  const file = (sitePath: string) => sitePath.replace(/^\//, '');
  const [png16, png32, png48, apple, icon192, icon512, maskable, share] = await Promise.all([
    logoPng(logoSvg, 16),
    logoPng(logoSvg, 32),
    logoPng(logoSvg, 48),
    fullBleedPng(logoSvg, 180, 0.82),
    logoPng(logoSvg, 192),
    logoPng(logoSvg, 512),
    // the mark inside the middle 80 % (a circle of 40 % radius) that every launcher's mask keeps
    fullBleedPng(logoSvg, 512, 0.8),
    shareImagePng(logoSvg),
  ]);
  return [
    { fileName: file(SITE_ASSETS.faviconIco), source: await pngToIco([png16, png32, png48]) },
    { fileName: file(SITE_ASSETS.appleTouchIcon), source: apple },
    { fileName: file(SITE_ASSETS.icon192), source: icon192 },
    { fileName: file(SITE_ASSETS.icon512), source: icon512 },
    { fileName: file(SITE_ASSETS.maskableIcon), source: maskable },
    { fileName: file(DEFAULT_SHARE_IMAGE.path), source: share },
    { fileName: file(SITE_ASSETS.manifest), source: webManifest() },
  ];
}

const CONTENT_TYPES: Record<string, string> = {
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Makes the site's icons, share image and web app manifest from `client/public/favicon.svg`
 * with sharp (and png-to-ico for favicon.ico): written into the build's output by `npm run build`,
 * served from memory by the dev server, never committed as binaries.
 */
export function siteIcons(options: { logo: string }): Plugin {
  let files: Promise<SiteFile[]> | undefined;
  const render = async () => renderSiteFiles(await fs.readFile(options.logo, 'utf8'));
  return {
    name: 'townhall-site-icons',
    configureServer(server) {
      server.watcher.add(options.logo);
      server.watcher.on('change', (changed) => {
        if (path.resolve(changed) === path.resolve(options.logo)) files = undefined;
      });
      server.middlewares.use((request, response, next) => {
        const pathname = (request.url ?? '').split('?')[0] ?? '';
        const type = CONTENT_TYPES[path.extname(pathname)];
        if (!type) return next();
        (files ??= render())
          .then((all) => {
            const found = all.find((file) => `/${file.fileName}` === pathname);
            if (!found) return next();
            response.setHeader('content-type', type);
            response.setHeader('cache-control', 'no-cache');
            response.end(found.source);
          })
          .catch(next);
      });
    },
    async generateBundle() {
      this.addWatchFile(options.logo);
      for (const file of await render()) this.emitFile({ type: 'asset', fileName: file.fileName, source: file.source });
    },
  };
}
