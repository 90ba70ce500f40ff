import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHARE_IMAGE, SITE_ASSETS } from '#shared/constants/site-assets.ts';
import { baseUrl, expectHttpErrors, useBrowser, visit } from './kit.ts';

// What browsers, phones and crawlers fetch from the site's root: the icons and the web app
// manifest that the build makes from favicon.svg, robots.txt and the sitemap; and a blog post
// that does not exist, which is a real 404 the search engine drops.

const browser = useBrowser();

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string };
type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  background_color: string;
  theme_color: string;
  icons: ManifestIcon[];
};

describe('icons and the web app manifest', () => {
  it('are linked from the page, load in the browser, and have the sizes they declare', async () => {
    const { page, context } = await browser.newContext();
    await visit(page, '/');

    const links = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel~="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]')].map(
        (link) => ({
          rel: link.getAttribute('rel'),
          href: link.getAttribute('href'),
          sizes: link.getAttribute('sizes'),
        }),
      ),
    );
    expect(links).toEqual(
      expect.arrayContaining([
        { rel: 'icon', href: SITE_ASSETS.faviconSvg, sizes: null },
        { rel: 'icon', href: SITE_ASSETS.faviconIco, sizes: '48x48' },
        { rel: 'apple-touch-icon', href: SITE_ASSETS.appleTouchIcon, sizes: null },
        { rel: 'manifest', href: SITE_ASSETS.manifest, sizes: null },
      ]),
    );

    // the manifest as the page fetches it (its CSP's connect-src and manifest-src are 'self')
    const fetched = await page.evaluate(async () => {
      const href = document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? '';
      const response = await fetch(href);
      return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
    });
    expect(fetched.status).toBe(200);
    expect(fetched.type).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(fetched.text) as Manifest;
    expect(manifest).toMatchObject({ name: 'Townhall', short_name: 'Townhall', start_url: '/', display: 'standalone' });
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const pngIcons = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngIcons.map((icon) => icon.src).sort()).toEqual(
      [SITE_ASSETS.icon192, SITE_ASSETS.icon512, SITE_ASSETS.maskableIcon].sort(),
    );
    expect(manifest.icons.find((icon) => icon.purpose === 'maskable')?.src).toBe(SITE_ASSETS.maskableIcon);

    // each icon: the browser decodes it at its declared size, and so does sharp from its bytes
    const images = [
      ...pngIcons.map((icon) => ({ src: icon.src, size: Number(icon.sizes.split('x')[0]) })),
      { src: SITE_ASSETS.appleTouchIcon, size: 180 },
    ];
    for (const { src, size } of images) {
      const decoded = await page.evaluate(async (url) => {
        const image = new Image();
        image.src = url;
        await image.decode();
        return { width: image.naturalWidth, height: image.naturalHeight };
      }, src);
      expect(decoded, src).toEqual({ width: size, height: size });
      const response = await context.request.get(`${baseUrl}${src}`);
      expect(response.status(), src).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
      const metadata = await sharp(await response.body()).metadata();
      expect({ format: metadata.format, width: metadata.width, height: metadata.height }, src).toEqual({
        format: 'png',
        width: size,
        height: size,
      });
    }

    // iOS puts the touch icon on a black tile where it is transparent: it has no transparency
    const touch = await context.request.get(`${baseUrl}${SITE_ASSETS.appleTouchIcon}`);
    expect((await sharp(await touch.body()).stats()).isOpaque).toBe(true);
    // a maskable icon fills its square: the launcher's mask cuts it, never shows through it
    const maskable = await context.request.get(`${baseUrl}${SITE_ASSETS.maskableIcon}`);
    expect((await sharp(await maskable.body()).stats()).isOpaque).toBe(true);
  });

  it('serves favicon.ico and the share image, revalidated rather than kept forever (their names never change)', async () => {
    const { page, context } = await browser.newContext();
    await visit(page, '/');
    const ico = await page.evaluate(async (url) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      return image.naturalWidth;
    }, SITE_ASSETS.faviconIco);
    expect([16, 32, 48]).toContain(ico);

    const response = await context.request.get(`${baseUrl}${SITE_ASSETS.faviconIco}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    expect(response.headers()['cache-control']).not.toContain('immutable');
    const etag = response.headers().etag ?? '';
    expect(etag).not.toBe('');
    const again = await context.request.get(`${baseUrl}${SITE_ASSETS.faviconIco}`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status()).toBe(304);
    const head = await context.request.fetch(`${baseUrl}${SITE_ASSETS.faviconIco}`, { method: 'HEAD' });
    expect(head.status()).toBe(200);
    // the three sizes a Windows icon file should hold
    const icon = await response.body();
    expect(icon.readUInt16LE(2)).toBe(1); // type: icon
    expect(icon.readUInt16LE(4)).toBe(3); // images
    expect([0, 1, 2].map((index) => icon[6 + index * 16])).toEqual([16, 32, 48]);

    const share = await context.request.get(`${baseUrl}${DEFAULT_SHARE_IMAGE.path}`);
    expect(share.status()).toBe(200);
    const metadata = await sharp(await share.body()).metadata();
    expect([metadata.width, metadata.height]).toEqual([DEFAULT_SHARE_IMAGE.width, DEFAULT_SHARE_IMAGE.height]);
  });
});

describe('crawlers', () => {
  it('find robots.txt, which names the sitemap, and the sitemap index', async () => {
    const { context } = await browser.newContext();
    const robots = await context.request.get(`${baseUrl}/robots.txt`);
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
    const sitemap = await context.request.get(`${baseUrl}/sitemap.xml`);
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
    expect(await sitemap.text()).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  });

  it('answer a blog post that does not exist with 404 and noindex, and the app shows its not-found page', async () => {
    const { page, problems } = await browser.newContext({ width: 390, height: 844, isMobile: true, hasTouch: true });
    const response = await page.goto(`${baseUrl}/blog/no-such-post`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Post not found' }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    // the page's own 404 and the API's
    // the page's own 404 and the API's, asked once: a 4xx is never asked again
    await expectHttpErrors(problems, 404, 2);
  });
});
